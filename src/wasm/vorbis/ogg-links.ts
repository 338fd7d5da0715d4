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
const EOS = 0x04;

/** The longest Ogg page: header, 255 lacing values, 255 segments of 255 bytes. */
const MAX_PAGE = HEADER + 255 + 255 * 255;

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

/** How an Ogg file ends: `eos` when whole, else what its last page shows. */
export type OggEnding = 'eos' | 'no-eos' | 'cut' | 'crc';

/**
 * How the file ends, from its last page (a scan of at most the last two pages' bytes, not the
 * whole file): `eos` when that page is whole, its CRC holds and it carries the end-of-stream flag;
 * `no-eos` when it lacks the flag (a file cut at a page boundary); `cut` when it runs past the end
 * of the file; `crc` when it fails its CRC. A capture pattern inside packet data is told from a
 * page by the whole page that must end where a real one starts. Null when no page is found there.
 */
export function oggEnding(bytes: Uint8Array): OggEnding | null {
  const floor = Math.max(0, bytes.length - 2 * MAX_PAGE);
  for (let at = lastCapture(bytes, bytes.length - 4, floor); at >= 0;) {
    const size = pageSize(bytes, at);
    if (size > 0 && crcHolds(bytes, at, size)) return bytes[at + 5]! & EOS ? 'eos' : 'no-eos';
    if (wholePageEndsAt(bytes, at, floor)) return size > 0 ? 'crc' : 'cut';
    at = lastCapture(bytes, at - 1, floor);
  }
  return null;
}

/** True when a whole page with a valid CRC ends exactly at `end` (so a page starts there). */
function wholePageEndsAt(bytes: Uint8Array, end: number, floor: number): boolean {
  if (end === 0) return true;
  const from = Math.max(floor, end - MAX_PAGE);
  for (
    let at = lastCapture(bytes, end - HEADER, from);
    at >= 0;
    at = lastCapture(bytes, at - 1, from)
  )
    if (pageSize(bytes, at) === end - at && crcHolds(bytes, at, end - at)) return true;
  return false;
}

/** The last "OggS" starting at or before `from` and not before `floor`, or -1. */
function lastCapture(bytes: Uint8Array, from: number, floor: number): number {
  for (let i = Math.min(from, bytes.length - 4); i >= floor; i--) if (isCapture(bytes, i)) return i;
  return -1;
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
  for (let i = from; i + 4 <= bytes.length; i++) if (isCapture(bytes, i)) return i;
  return -1;
}

/** "OggS" at `i`. */
function isCapture(bytes: Uint8Array, i: number): boolean {
  return (
    bytes[i] === 0x4f && bytes[i + 1] === 0x67 && bytes[i + 2] === 0x67 && bytes[i + 3] === 0x53
  );
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
