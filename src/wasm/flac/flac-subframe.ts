/** Thrown by the FLAC reader on anything it cannot decode exactly as libFLAC would. */
export class FlacStreamError extends Error {}

/**
 * A bit cursor over a file's bytes held as big-endian 32-bit words (two loads per read instead of
 * five). `words` has at least two zero words after `limit` (in bits), so `peek32` never reads
 * past its end; every loop that may run away checks `pos` against `limit`.
 */
export interface BitReader {
  words: Int32Array;
  pos: number;
  limit: number;
}

/** The bytes as big-endian words, with two zero words of padding. */
export function toWords(bytes: Uint8Array): Int32Array {
  // One loop over a zero-padded copy: a separate loop for the last bytes would run with no type
  // feedback in the loop's optimised code and throw it away on every file (seen: 10 deopts).
  const padded = new Uint8Array((bytes.length & ~3) + 12);
  padded.set(bytes);
  const words = new Int32Array(padded.length >> 2);
  for (let i = 0, b = 0; i < words.length; i++, b += 4)
    words[i] = (padded[b]! << 24) | (padded[b + 1]! << 16) | (padded[b + 2]! << 8) | padded[b + 3]!;
  return words;
}

/** The 32 bits from bit `pos` on, as an int32. */
function peek32(words: Int32Array, pos: number): number {
  const i = pos >>> 5;
  const s = pos & 31;
  // (w >>> 1) >>> (31 − s) is w >>> (32 − s), and 0 when s is 0 (a shift by 32 would be none).
  return (words[i]! << s) | ((words[i + 1]! >>> 1) >>> (31 - s));
}

/** Reads `n` (1–32) bits unsigned. */
function readBits(r: BitReader, n: number): number {
  const v = peek32(r.words, r.pos) >>> (32 - n);
  r.pos += n;
  return v;
}

/** Reads `n` (1–32) bits as a two's-complement number. */
function readSigned(r: BitReader, n: number): number {
  const v = peek32(r.words, r.pos) >> (32 - n);
  r.pos += n;
  return v;
}

function checkLimit(r: BitReader): void {
  if (r.pos > r.limit) throw new FlacStreamError('subframe runs past the frame');
}

/**
 * Decodes one subframe of `n` samples at `bps` bits into `out` (CONSTANT, VERBATIM, FIXED, LPC;
 * wasted bits). Throws FlacStreamError on reserved codes, a negative LPC shift, a width over 32
 * bits, or data running past the frame.
 */
export function readSubframe(r: BitReader, out: Int32Array, n: number, bps: number): void {
  const head = readBits(r, 8);
  if (head & 0x80) throw new FlacStreamError('subframe padding bit set');
  const type = (head >> 1) & 0x3f;
  let wasted = 0;
  if (head & 1) {
    // Unary: k − 1 zero bits then a one.
    while (readBits(r, 1) === 0) if (++wasted > 32) throw new FlacStreamError('wasted bits');
    wasted++;
  }
  const width = bps - wasted;
  if (width < 1 || width > 32) throw new FlacStreamError(`unsupported sample width ${width}`);
  if (type === 0) out.fill(readSigned(r, width), 0, n);
  else if (type === 1) for (let i = 0; i < n; i++) out[i] = readSigned(r, width);
  else if (type >= 8 && type <= 12) {
    const order = type - 8;
    warmUp(r, out, order, n, width);
    readResidual(r, out, n, order);
    restoreFixed(out, n, order);
  } else if (type >= 32) {
    const order = type - 31;
    warmUp(r, out, order, n, width);
    const precision = readBits(r, 4) + 1;
    const shift = readSigned(r, 5);
    if (precision === 16 || shift < 0) throw new FlacStreamError('invalid LPC parameters');
    // At least 12 entries, zero past `order`: restoreLpc32 reads 12 into locals.
    const coefs = new Int32Array(Math.max(order, 12));
    for (let j = 0; j < order; j++) coefs[j] = readSigned(r, precision);
    readResidual(r, out, n, order);
    // libFLAC's own test: 32-bit sums when they cannot overflow, else 64-bit.
    if (width + precision + Math.floor(Math.log2(order)) <= 32)
      restoreLpc32(out, n, coefs, order, shift);
    else restoreLpcWide(out, n, coefs, order, shift);
  } else throw new FlacStreamError(`reserved subframe type ${type}`);
  checkLimit(r);
  if (wasted > 0) for (let i = 0; i < n; i++) out[i] = out[i]! << wasted;
}

function warmUp(r: BitReader, out: Int32Array, order: number, n: number, width: number): void {
  if (order > n) throw new FlacStreamError('predictor order exceeds the block');
  for (let i = 0; i < order; i++) out[i] = readSigned(r, width);
}

/** Partitioned Rice residual (4- or 5-bit parameters, escaped partitions) into out[order, n). */
function readResidual(r: BitReader, out: Int32Array, n: number, order: number): void {
  const method = readBits(r, 2);
  if (method > 1) throw new FlacStreamError('reserved residual coding method');
  const paramBits = method === 0 ? 4 : 5;
  const escape = method === 0 ? 15 : 31;
  const partitionOrder = readBits(r, 4);
  const perPartition = n >> partitionOrder;
  if (perPartition << partitionOrder !== n || perPartition < order)
    throw new FlacStreamError('invalid residual partition order');
  let i = order;
  for (let p = 0; p < 1 << partitionOrder; p++) {
    const end = (p + 1) * perPartition;
    const k = readBits(r, paramBits);
    if (k === escape) {
      const bits = readBits(r, 5);
      if (bits === 0) out.fill(0, i, end);
      else for (let j = i; j < end; j++) out[j] = readSigned(r, bits);
    } else readRice(r, out, i, end, k);
    i = end;
    checkLimit(r);
  }
}

/** Rice codes with parameter `k` into out[from, to): unary quotient, k low bits, zigzag sign. */
function readRice(r: BitReader, out: Int32Array, from: number, to: number, k: number): void {
  const words = r.words;
  const limit = r.limit;
  let pos = r.pos;
  for (let i = from; i < to; i++) {
    let w = peek32(words, pos);
    let q = 0;
    while (w === 0) {
      q += 32;
      pos += 32;
      if (pos > limit) throw new FlacStreamError('residual runs past the frame');
      w = peek32(words, pos);
    }
    const z = Math.clz32(w);
    q += z;
    let v = q;
    if (k > 0) {
      // The low bits are usually in the same 32-bit window as the quotient.
      const low =
        z + 1 + k <= 32 ? (w << (z + 1)) >>> (32 - k) : peek32(words, pos + z + 1) >>> (32 - k);
      v = (q << k) | low;
    }
    pos += z + 1 + k;
    out[i] = (v >>> 1) ^ -(v & 1);
  }
  r.pos = pos;
}

/** FLAC's fixed polynomial predictors of order 0–4, applied in place to the residual. */
function restoreFixed(out: Int32Array, n: number, order: number): void {
  // int32 arithmetic throughout (| 0), as libFLAC's, and V8 keeps it out of doubles.
  switch (order) {
    case 1:
      for (let i = 1; i < n; i++) out[i] = (out[i]! + out[i - 1]!) | 0;
      break;
    case 2:
      for (let i = 2; i < n; i++) out[i] = (out[i]! + 2 * out[i - 1]! - out[i - 2]!) | 0;
      break;
    case 3:
      for (let i = 3; i < n; i++)
        out[i] = (out[i]! + 3 * (out[i - 1]! - out[i - 2]!) + out[i - 3]!) | 0;
      break;
    case 4:
      for (let i = 4; i < n; i++)
        out[i] = (out[i]! + 4 * (out[i - 1]! + out[i - 3]!) - 6 * out[i - 2]! - out[i - 4]!) | 0;
      break;
  }
}

/** Restores an LPC subframe's `n` samples in place: `out` holds the warm-up, then the residual. */
type RestoreLpc = (
  out: Int32Array,
  n: number,
  coefs: Int32Array,
  order: number,
  shift: number,
) => void;

/**
 * LPC in 32-bit arithmetic (libFLAC's path when the sum cannot overflow). Orders up to 12 (every
 * libFLAC preset) keep their coefficients in locals and unroll the sum; higher ones loop.
 */
const restoreLpc32: RestoreLpc = (out, n, coefs, order, shift) => {
  if (order > 12) {
    for (let i = order; i < n; i++) {
      let sum = 0;
      for (let j = 0; j < order; j++) sum = (sum + Math.imul(coefs[j]!, out[i - 1 - j]!)) | 0;
      out[i] = (out[i]! + (sum >> shift)) | 0;
    }
    return;
  }
  const [c0, c1, c2, c3, c4, c5] = [
    coefs[0]!,
    coefs[1]!,
    coefs[2]!,
    coefs[3]!,
    coefs[4]!,
    coefs[5]!,
  ];
  const [c6, c7, c8, c9, c10, c11] = [
    coefs[6]!,
    coefs[7]!,
    coefs[8]!,
    coefs[9]!,
    coefs[10]!,
    coefs[11]!,
  ];
  for (let i = order; i < n; i++) {
    // The far terms first, as libFLAC sums them (int32 wraps the same in any order, though).
    let sum = 0;
    if (order >= 12) sum = (sum + Math.imul(c11, out[i - 12]!)) | 0;
    if (order >= 11) sum = (sum + Math.imul(c10, out[i - 11]!)) | 0;
    if (order >= 10) sum = (sum + Math.imul(c9, out[i - 10]!)) | 0;
    if (order >= 9) sum = (sum + Math.imul(c8, out[i - 9]!)) | 0;
    if (order >= 8) sum = (sum + Math.imul(c7, out[i - 8]!)) | 0;
    if (order >= 7) sum = (sum + Math.imul(c6, out[i - 7]!)) | 0;
    if (order >= 6) sum = (sum + Math.imul(c5, out[i - 6]!)) | 0;
    if (order >= 5) sum = (sum + Math.imul(c4, out[i - 5]!)) | 0;
    if (order >= 4) sum = (sum + Math.imul(c3, out[i - 4]!)) | 0;
    if (order >= 3) sum = (sum + Math.imul(c2, out[i - 3]!)) | 0;
    if (order >= 2) sum = (sum + Math.imul(c1, out[i - 2]!)) | 0;
    sum = (sum + Math.imul(c0, out[i - 1]!)) | 0;
    out[i] = (out[i]! + (sum >> shift)) | 0;
  }
};

/** LPC with sums past 32 bits: exact in doubles (under 2^53 for 32-bit samples and coefficients). */
const restoreLpcWide: RestoreLpc = (out, n, coefs, order, shift) => {
  const scale = 2 ** shift;
  for (let i = order; i < n; i++) {
    let sum = 0;
    for (let j = 0; j < order; j++) sum += coefs[j]! * out[i - 1 - j]!;
    out[i] = (out[i]! + Math.floor(sum / scale)) | 0;
  }
};
