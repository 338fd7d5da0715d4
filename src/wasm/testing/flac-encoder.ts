/**
 * A minimal FLAC encoder for tests (16-bit, fixed blocks): a second, independent writer of the
 * format, so the decoders are checked against known samples. Subframes are VERBATIM, or with
 * `escaped` FIXED order 0 whose residual partitions are all escaped (raw, width 0 for silence),
 * with one wasted bit when a block's samples are all even — parts of the format encoders rarely
 * choose.
 */
export function encodeFlac16(
  planes: Float32Array[],
  sampleRate: number,
  { escaped = false }: { escaped?: boolean } = {},
): Uint8Array {
  const channels = planes.length;
  const frames = planes[0]!.length;
  const block = 4096;
  const out = new BitWriter();
  for (const b of [0x66, 0x4c, 0x61, 0x43]) out.bits(b, 8); // fLaC
  // STREAMINFO, last metadata block, 34 bytes.
  out.bits(0x80, 8);
  out.bits(34, 24);
  out.bits(block, 16);
  out.bits(block, 16);
  out.bits(0, 24);
  out.bits(0, 24);
  out.bits(sampleRate, 20);
  out.bits(channels - 1, 3);
  out.bits(15, 5);
  out.bits(Math.floor(frames / 2 ** 32), 4);
  out.bits(frames >>> 0, 32);
  for (let i = 0; i < 16; i++) out.bits(0, 8); // MD5 unknown
  for (let n = 0, start = 0; start < frames; n++, start += block) {
    const size = Math.min(block, frames - start);
    const frame = new BitWriter();
    frame.bits(0b11111111111110, 14);
    frame.bits(0, 1);
    frame.bits(0, 1); // fixed block size
    frame.bits(0b0111, 4); // block size: 16-bit (size-1) at the end of the header
    // Name the rate in every frame header: the WASM decoder feeds libFLAC frames without STREAMINFO.
    frame.bits(RATE_CODES[sampleRate] ?? 0, 4);
    frame.bits(channels - 1, 4); // independent channels
    frame.bits(0b100, 3); // 16 bits per sample
    frame.bits(0, 1);
    utf8Number(frame, n);
    frame.bits(size - 1, 16);
    frame.bits(crc8(frame.bytes()), 8);
    for (const plane of planes) {
      const q = Array.from({ length: size }, (_, i) =>
        Math.max(-32768, Math.min(32767, Math.round(plane[start + i]! * 32768))),
      );
      if (escaped) writeEscaped(frame, q);
      else {
        frame.bits(0, 1);
        frame.bits(0b000001, 6); // VERBATIM
        frame.bits(0, 1);
        for (const v of q) frame.bits(v & 0xffff, 16);
      }
    }
    frame.align();
    frame.bits(crc16(frame.bytes()), 16);
    for (const byte of frame.bytes()) out.bits(byte, 8);
  }
  return out.bytes();
}

/** FIXED order 0, one wasted bit if every sample is even, two escaped residual partitions. */
function writeEscaped(frame: BitWriter, q: number[]): void {
  const wasted = q.every((v) => v % 2 === 0) ? 1 : 0;
  const values = q.map((v) => v >> wasted);
  frame.bits(0, 1);
  frame.bits(0b001000, 6); // FIXED, order 0: the residual is the signal
  frame.bits(wasted, 1);
  if (wasted) frame.bits(1, 1); // unary: wasted − 1 zeros, then a one
  const partitions = values.length % 2 === 0 ? 2 : 1;
  frame.bits(0, 2); // Rice, 4-bit parameters
  frame.bits(partitions - 1, 4); // partition order 0 or 1
  const per = values.length / partitions;
  for (let p = 0; p < partitions; p++) {
    const part = values.slice(p * per, (p + 1) * per);
    const width = part.every((v) => v === 0) ? 0 : 16 - wasted;
    frame.bits(15, 4); // escape
    frame.bits(width, 5);
    for (const v of part) frame.bits(v & ((1 << width) - 1), width);
  }
}

const RATE_CODES: Record<number, number> = {
  22050: 0b0110,
  32000: 0b1000,
  44100: 0b1001,
  48000: 0b1010,
  96000: 0b1011,
};

class BitWriter {
  private out: number[] = [];
  private acc = 0;
  private used = 0;
  bits(value: number, count: number): void {
    for (let i = count - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | (Math.floor(value / 2 ** i) & 1);
      if (++this.used === 8) {
        this.out.push(this.acc);
        this.acc = 0;
        this.used = 0;
      }
    }
  }
  align(): void {
    while (this.used !== 0) this.bits(0, 1);
  }
  bytes(): Uint8Array {
    return Uint8Array.from(this.out);
  }
}

function utf8Number(w: BitWriter, n: number): void {
  if (n < 0x80) w.bits(n, 8);
  else if (n < 0x800) {
    w.bits(0xc0 | (n >> 6), 8);
    w.bits(0x80 | (n & 0x3f), 8);
  } else {
    w.bits(0xe0 | (n >> 12), 8);
    w.bits(0x80 | ((n >> 6) & 0x3f), 8);
    w.bits(0x80 | (n & 0x3f), 8);
  }
}

function crc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}
