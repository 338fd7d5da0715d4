import { concatBytes } from '../../shared/bytes.ts';

/**
 * Ogg framing (RFC 3533) for the Vorbis decoder, which parses pages without checking their CRC
 * and knows only one logical stream: a damaged page was decoded as noise, a chained file's
 * second link was decoded with the first link's codebooks, and a multiplexed file interleaved
 * the packets of every stream. Here each link's first Vorbis stream is cut out on its own,
 * from the pages whose CRC holds.
 */

const HEADER = 27;
const BOS = 0x02;

/** The pages of one logical Vorbis stream, in file order, as bytes the decoder can read. */
type OggLink = Uint8Array;

/**
 * Splits an Ogg file into links (RFC 3533 §4: a chain is links one after another, each a group
 * of streams that begin together) and keeps, per link, the pages of its first Vorbis stream.
 * Pages that fail their CRC and bytes between pages are skipped; the capture pattern is
 * searched for again after them. Links without Vorbis are dropped.
 */
export function vorbisLinks(bytes: Uint8Array): OggLink[] {
  const links: Uint8Array[][] = [];
  let serial: number | null = null;
  let inHeaders = false; // still among the link's beginning-of-stream pages
  for (let at = nextCapture(bytes, 0); at >= 0;) {
    const size = pageSize(bytes, at);
    if (size === 0 || !crcHolds(bytes, at, size)) {
      at = nextCapture(bytes, at + 1);
      continue;
    }
    const page = bytes.subarray(at, at + size);
    at = nextCapture(bytes, at + size);
    const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
    const pageSerial = view.getUint32(14, true);
    if (page[5]! & BOS) {
      if (!inHeaders) serial = null; // a BOS after data pages starts the next link
      inHeaders = true;
      if (serial === null && isVorbisIdentification(page)) {
        serial = pageSerial;
        links.push([]);
      }
    } else inHeaders = false;
    if (serial !== null && pageSerial === serial) links.at(-1)!.push(page);
  }
  return links.map((pages) => concatBytes(pages));
}

/** Total length of the page at `at` (header, segment table, body), or 0 if it is cut short. */
function pageSize(bytes: Uint8Array, at: number): number {
  if (at + HEADER > bytes.length || bytes[at + 4] !== 0) return 0;
  const segments = bytes[at + 26]!;
  if (at + HEADER + segments > bytes.length) return 0;
  let size = HEADER + segments;
  for (let i = 0; i < segments; i++) size += bytes[at + HEADER + i]!;
  return at + size <= bytes.length ? size : 0;
}

/** The next "OggS" at or after `from`, or -1. */
function nextCapture(bytes: Uint8Array, from: number): number {
  for (let i = from; i + 4 <= bytes.length; i++)
    if (
      bytes[i] === 0x4f &&
      bytes[i + 1] === 0x67 &&
      bytes[i + 2] === 0x67 &&
      bytes[i + 3] === 0x53
    )
      return i;
  return -1;
}

/** A BOS page whose first packet is a Vorbis identification header ("\x01vorbis"). */
function isVorbisIdentification(page: Uint8Array): boolean {
  const body = HEADER + page[26]!;
  const magic = [0x01, 0x76, 0x6f, 0x72, 0x62, 0x69, 0x73];
  return magic.every((b, i) => page[body + i] === b);
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let r = n << 24;
  for (let i = 0; i < 8; i++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});

/** Ogg's CRC-32 (polynomial 0x04c11db7, not reflected, initial 0) over the page, field as 0. */
function crcHolds(bytes: Uint8Array, at: number, size: number): boolean {
  let crc = 0;
  for (let i = 0; i < size; i++) {
    const b = i >= 22 && i < 26 ? 0 : bytes[at + i]!;
    crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ b) & 0xff]!) >>> 0;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset + at + 22, 4);
  return crc === view.getUint32(0, true);
}
