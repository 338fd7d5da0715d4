import type { COVER_TYPES } from '../../src/shared/api/admin-pack.types.ts';

/** A cover's media type, read from its bytes. */
export type CoverType = (typeof COVER_TYPES)[number];

const ascii = (bytes: Uint8Array, at: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A whole PNG: its signature, a header of non-zero size first and the end chunk last. */
function isPng(bytes: Uint8Array): boolean {
  if (bytes.length < 8 + 25 + 12 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return false;
  const data = view(bytes);
  const headerOk =
    data.getUint32(8) === 13 &&
    ascii(bytes, 12, 4) === 'IHDR' &&
    data.getUint32(16) > 0 &&
    data.getUint32(20) > 0;
  return headerOk && ascii(bytes, bytes.length - 8, 4) === 'IEND';
}

/** A whole JPEG: start-of-image marker first and end-of-image marker last. */
function isJpeg(bytes: Uint8Array): boolean {
  const n = bytes.length;
  return (
    n > 4 &&
    bytes[0] === 0xff &&
    bytes[1] === 0xd8 &&
    bytes[2] === 0xff &&
    bytes[n - 2] === 0xff &&
    bytes[n - 1] === 0xd9
  );
}

/** A whole WebP: a RIFF container whose size is the file's and whose first chunk is an image. */
function isWebp(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 20 &&
    ascii(bytes, 0, 4) === 'RIFF' &&
    view(bytes).getUint32(4, true) === bytes.length - 8 &&
    ascii(bytes, 8, 4) === 'WEBP' &&
    ['VP8 ', 'VP8L', 'VP8X'].includes(ascii(bytes, 12, 4))
  );
}

/**
 * The media type of a cover image by its magic bytes and frame (whatever type the upload
 * declared), or null when the bytes are no whole PNG, JPEG or WebP: a renamed GIF, a file cut
 * short in transfer.
 */
export function coverTypeOf(bytes: Uint8Array): CoverType | null {
  if (isPng(bytes)) return 'image/png';
  if (isJpeg(bytes)) return 'image/jpeg';
  if (isWebp(bytes)) return 'image/webp';
  return null;
}
