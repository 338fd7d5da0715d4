import { describe, expect, it, vi } from 'vitest';
import type { DecodedPcm } from '../../shared/audio/worker-protocol.ts';
import { decodeAudio, decodeSegmentHere } from '../decode-audio.ts';
import { decodeSplit, type SplitPlan } from '../split-decode.ts';
import { lameEncode, testSignal, withId3v2, withLameInfo } from '../testing/split-fixtures.ts';
import { decodeMp3 } from './decode-mp3.ts';
import { splitMp3 } from './split-mp3.ts';

/** The split path on one thread: both halves through this thread's decoder. */
const splitHere = (plan: SplitPlan) =>
  decodeSplit(plan, 'mp3', (b) => decodeMp3(b), decodeSegmentHere);

/**
 * Joined halves against the whole decode: same length, and within 1e-6 — mpg123's synthesis
 * filterbank starts at another phase of its ring buffer in the tail, which changes float rounding
 * (measured: ≤ 2.4e-7, 1/128 of a 16-bit step).
 */
const TOLERANCE = 1e-6;

function maxDifference(a: DecodedPcm, b: DecodedPcm): number {
  expect(a.frames).toBe(b.frames);
  expect(a.sampleRate).toBe(b.sampleRate);
  expect(a.channels.length).toBe(b.channels.length);
  let max = 0;
  a.channels.forEach((plane, c) => {
    const other = b.channels[c]!;
    for (let i = 0; i < plane.length; i++) max = Math.max(max, Math.abs(plane[i]! - other[i]!));
  });
  return max;
}

const lame = (channels: number, kbps: number, seconds = 6, rate = 44100) =>
  lameEncode(testSignal(channels, Math.round(seconds * rate), rate), rate, kbps);

describe('MP3 split decoding matches the whole decode', () => {
  const cases = [
    { channels: 2, kbps: 32 },
    { channels: 1, kbps: 32 },
    { channels: 2, kbps: 128 },
    { channels: 1, kbps: 128 },
    { channels: 2, kbps: 320 },
    { channels: 1, kbps: 320 },
  ];
  it.each(cases)('LAME $kbps kbit/s, $channels channel(s), with and without ID3v2', async (c) => {
    const plain = lame(c.channels, c.kbps);
    for (const bytes of [plain, withId3v2(plain)]) {
      const plan = splitMp3(bytes)!;
      expect(plan).not.toBeNull();
      const whole = await decodeMp3(bytes);
      const split = await splitHere(plan);
      expect(split).not.toBeNull();
      expect(maxDifference(split!, whole)).toBeLessThanOrEqual(TOLERANCE);
    }
  });

  it('MPEG-2 (22.05 kHz), where frames are 576 samples and the reservoir 255 bytes', async () => {
    const bytes = lame(2, 64, 6, 22050);
    expect(bytes[1]! & 0x18).toBe(0x10);
    const split = await splitHere(splitMp3(bytes)!);
    expect(maxDifference(split!, await decodeMp3(bytes))).toBeLessThanOrEqual(TOLERANCE);
  });

  it('the warm-up frames are needed: a tail cut without them does not match', async () => {
    const bytes = lame(1, 32);
    const plan = splitMp3(bytes)!;
    const k = plan.head.length;
    const bare: SplitPlan = { ...plan, tail: bytes.subarray(k), tailLead: 0 };
    const whole = await decodeMp3(bytes);
    const split = await splitHere(bare);
    expect(maxDifference(split!, whole)).toBeGreaterThan(0.01);
  });

  it.each([
    [576, 1000],
    [1105, 200],
    [0, 0],
    [576, 1529],
  ])(
    'gapless LAME Info frame (delay %i, padding %i) trimmed as mpg123 trims it',
    async (delay, padding) => {
      const bytes = withLameInfo(lame(2, 128), delay, padding);
      const whole = await decodeMp3(bytes);
      const plan = splitMp3(bytes)!;
      expect(plan).not.toBeNull();
      expect(plan.tailEndCut).toBe(Math.max(0, padding - 529));
      const split = await splitHere(plan);
      expect(split).not.toBeNull();
      expect(maxDifference(split!, whole)).toBeLessThanOrEqual(TOLERANCE);
    },
  );

  it('goes through decodeAudio: the tail to decodeSegment, the same PCM back', async () => {
    const bytes = lame(2, 192, 10);
    const decodeSegment = vi.fn(decodeSegmentHere);
    const pcm = await decodeAudio(bytes, { decodeSegment });
    expect(decodeSegment).toHaveBeenCalledOnce();
    expect(pcm.splitAt).toBe(splitMp3(bytes)!.headFrames);
    expect(maxDifference(pcm, await decodeMp3(bytes))).toBeLessThanOrEqual(TOLERANCE);
  });
});

describe('MP3 files that are decoded whole', () => {
  it('progressive decoding (onChunk) is never split', async () => {
    const bytes = lame(2, 192, 10);
    const decodeSegment = vi.fn(decodeSegmentHere);
    const onChunk = vi.fn();
    const pcm = await decodeAudio(bytes, { decodeSegment, onChunk });
    expect(decodeSegment).not.toHaveBeenCalled();
    expect(onChunk.mock.calls.length).toBeGreaterThan(1);
    expect(pcm.frames).toBe((await decodeMp3(bytes)).frames);
  });

  it('files under the split threshold', async () => {
    const bytes = lame(2, 128, 2);
    expect(bytes.length).toBeLessThan(96 * 1024);
    const decodeSegment = vi.fn(decodeSegmentHere);
    await decodeAudio(bytes, { decodeSegment });
    expect(decodeSegment).not.toHaveBeenCalled();
  });

  it('no plan for junk mid-stream, a truncated last frame, VBRI or a Xing frame without LAME fields', () => {
    const bytes = lame(2, 128);
    const junk = bytes.slice();
    junk.fill(0x20, 50_000, 50_300);
    expect(splitMp3(junk)).toBeNull();
    expect(splitMp3(bytes.subarray(0, bytes.length - 100))).toBeNull();
    const vbri = withLameInfo(bytes, 576, 1000);
    vbri.set([0x56, 0x42, 0x52, 0x49], 36);
    expect(splitMp3(vbri)).toBeNull();
    const xing = withLameInfo(bytes, 576, 1000);
    xing.set([0, 0, 0, 0], 36 + 120);
    expect(splitMp3(xing)).toBeNull();
    // …but a trailing ID3v1 tag is fine.
    const id3v1 = new Uint8Array(bytes.length + 128);
    id3v1.set(bytes);
    id3v1.set([0x54, 0x41, 0x47], bytes.length);
    expect(splitMp3(id3v1)).not.toBeNull();
  });

  it('junk in the second half decodes as the whole decode does (or fails with its error)', async () => {
    const bytes = lame(2, 192, 10);
    let seed = 3;
    for (let i = bytes.length >> 1; i < bytes.length; i++)
      bytes[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    const outcome = (p: Promise<DecodedPcm>) =>
      p.then(
        (pcm) => pcm,
        (e: { code: string }) => e.code,
      );
    const whole = await outcome(decodeAudio(bytes));
    const split = await outcome(decodeAudio(bytes, { decodeSegment: decodeSegmentHere }));
    if (typeof whole === 'string' || typeof split === 'string') expect(split).toBe(whole);
    else expect(maxDifference(split, whole)).toBe(0);
  });
});
