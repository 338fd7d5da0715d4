import { crc32, deflateSync } from 'node:zlib';

/**
 * Encodes 8-bit RGB pixels (row-major, 3 bytes each) as a PNG file: one IDAT, no filter, the
 * deflate `level` zlib's default unless given (pack and song covers alike).
 */
export function encodePng(
  width: number,
  height: number,
  rgb: Uint8Array,
  options: { level?: number } = {},
): Uint8Array {
  const row = width * 3 + 1;
  const raw = new Uint8Array(height * row);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter type None
    raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * row + 1);
  }
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const idat = options.level === undefined ? deflateSync(raw) : deflateSync(raw, options);
  const chunks = [chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array())];
  const signature = [137, 80, 78, 71, 13, 10, 26, 10];
  const out = new Uint8Array(8 + chunks.reduce((n, c) => n + c.length, 0));
  out.set(signature);
  let at = 8;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** One PNG chunk: length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}
