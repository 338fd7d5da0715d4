// Joint stereo (mid/side) for lamejs, whose Mp3Encoder codes every stereo stream as plain
// left/right: each channel then carries its own quantisation noise, which lands in the side
// signal and buried a cymbal's image (side/mid −26 dB in the file, −15 dB in a left/right
// preview). LAME's joint stereo codes mid and side instead; we do the same by handing lamejs
// mid and side as its two channels and marking every frame as MS stereo, which tells the
// decoder to matrix them back (ISO 11172-3 §2.4.3.4.9.2: L = (M + S)/√2, R = (M − S)/√2).

const KBPS_MPEG1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const RATES_MPEG1 = [44100, 48000, 32000];

/** Length of the MPEG-1 Layer III left/right stereo frame at `at`; throws for anything else. */
function stereoFrameLength(bytes: Uint8Array, at: number): number {
  const [b0, b1, b2, b3] = [bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]];
  const kbps = KBPS_MPEG1[(b2 ?? 0) >> 4];
  const rate = RATES_MPEG1[((b2 ?? 0) >> 2) & 3];
  // Sync, MPEG-1, Layer III, no CRC (0xFB); a bitrate and a rate; channel mode 0 (stereo).
  if (b0 !== 0xff || b1 !== 0xfb || !kbps || !rate || (b3 ?? 0xff) >> 6 !== 0)
    throw new Error(`not an MPEG-1 left/right stereo frame at byte ${at}`);
  return Math.floor((144000 * kbps) / rate) + (((b2 ?? 0) >> 1) & 1);
}

/** Global-gain steps of √2 (each step is 2^(1/4), 1.5 dB). */
const SQRT2_GAIN_STEPS = 2;

/**
 * Mid and side of a stereo pair at half scale, (L + R)/2 and (L − R)/2, so neither can clip; the
 * frames' global gain is raised by √2 afterwards (`markMidSide`) to give back (L ± R)/√2.
 */
export function toMidSide(left: Int16Array, right: Int16Array): [Int16Array, Int16Array] {
  const mid = new Int16Array(left.length);
  const side = new Int16Array(left.length);
  for (let i = 0; i < left.length; i++) {
    mid[i] = (left[i]! + right[i]!) >> 1;
    side[i] = (left[i]! - right[i]!) >> 1;
  }
  return [mid, side];
}

/** Reads `count` bits (≤ 8) at bit `at` of `bytes`, most significant first. */
function readBits(bytes: Uint8Array, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++)
    value = (value << 1) | ((bytes[i >> 3]! >> (7 - (i & 7))) & 1);
  return value;
}

/** Writes the `count` low bits of `value` at bit `at` of `bytes`. */
function writeBits(bytes: Uint8Array, at: number, count: number, value: number): void {
  for (let i = 0; i < count; i++) {
    const bit = (value >> (count - 1 - i)) & 1;
    const pos = at + i;
    const mask = 1 << (7 - (pos & 7));
    bytes[pos >> 3] = bit ? bytes[pos >> 3]! | mask : bytes[pos >> 3]! & ~mask;
  }
}

/**
 * Marks every frame of an MPEG-1 stereo stream that lamejs coded from `toMidSide` channels as
 * joint stereo with MS on, and raises each granule's global gain by √2. Returns false (leaving
 * the bytes unusable) when a gain would pass its 8-bit field; the caller then encodes left/right.
 * Side information of an MPEG-1 stereo frame without CRC: main_data_begin 9 bits, private 3,
 * scfsi 2 × 4, then 2 granules × 2 channels of 59 bits each with global_gain at bit 21.
 */
export function markMidSide(audio: Uint8Array): boolean {
  for (let at = 0; at < audio.length;) {
    const length = stereoFrameLength(audio, at);
    audio[at + 3] = (audio[at + 3]! & 0x0f) | (1 << 6) | (0b10 << 4); // joint stereo, MS on, IS off
    const granules = (at + 4) * 8 + 9 + 3 + 8;
    for (let k = 0; k < 4; k++) {
      const bit = granules + 59 * k + 21;
      const gain = readBits(audio, bit, 8) + SQRT2_GAIN_STEPS;
      if (gain > 255) return false;
      writeBits(audio, bit, 8, gain);
    }
    at += length;
  }
  return true;
}
