import { describe, expect, it, vi } from 'vitest';
import type { DecodedPcm } from '../../shared/audio/worker-protocol.ts';
import { decodeAudio, decodeSegmentHere } from '../decode-audio.ts';
import { decodeSplit, type SplitPlan } from '../split-decode.ts';
import { encodeFlac16 } from '../testing/flac-encoder.ts';
import { libflacEncode, testSignal } from '../testing/split-fixtures.ts';
import { decodeFlac } from './decode-flac.ts';
import { splitFlac } from './split-flac.ts';

/** The split path on one thread: both halves through this thread's decoder. */
const splitHere = (plan: SplitPlan) =>
  decodeSplit(plan, 'flac', (b) => decodeFlac(b), decodeSegmentHere);

function expectSamePcm(a: DecodedPcm, b: DecodedPcm): void {
  expect(a.frames).toBe(b.frames);
  expect(a.sampleRate).toBe(b.sampleRate);
  expect(a.channels.length).toBe(b.channels.length);
  a.channels.forEach((plane, c) => expect(plane).toEqual(b.channels[c]));
}

describe('FLAC split decoding equals the whole decode, sample for sample', () => {
  const cases = [
    { name: '10 s stereo 16-bit, 44.1 kHz', ch: 2, rate: 44100, frames: 441000 },
    { name: '3 s mono 16-bit, block 1152', ch: 1, rate: 44100, frames: 132300, blockSize: 1152 },
    { name: '5 s stereo 24-bit, 48 kHz', ch: 2, rate: 48000, frames: 240000, bits: 24 as const },
    { name: 'odd length, block 576', ch: 2, rate: 44100, frames: 123457, blockSize: 576 },
    { name: '1 s stereo, block 4608', ch: 2, rate: 96000, frames: 96000, blockSize: 4608 },
  ];
  it.each(cases)('$name', async ({ ch, rate, frames, bits, blockSize }) => {
    const bytes = await libflacEncode(testSignal(ch, frames, rate), rate, { bits, blockSize });
    const plan = splitFlac(bytes)!;
    expect(plan).not.toBeNull();
    // Cut near the middle, at a frame boundary of the libFLAC stream.
    expect(plan.head.length / bytes.length).toBeGreaterThan(0.4);
    expect(plan.head.length / bytes.length).toBeLessThan(0.6);
    expect(plan.headFrames + plan.tailFrames).toBe(frames);
    const whole = await decodeFlac(bytes);
    const split = await splitHere(plan);
    expect(split).not.toBeNull();
    expectSamePcm(split!, whole);
    expect(whole.frames).toBe(frames);
  });

  it('goes through decodeAudio: the tail to decodeSegment, the same PCM back', async () => {
    const bytes = await libflacEncode(testSignal(2, 441000, 44100), 44100);
    const decodeSegment = vi.fn(decodeSegmentHere);
    const pcm = await decodeAudio(bytes, { decodeSegment });
    expect(decodeSegment).toHaveBeenCalledOnce();
    expect(decodeSegment.mock.calls[0]![1]).toBe('flac');
    expectSamePcm(pcm, await decodeFlac(bytes));
    expect(pcm).toMatchObject({
      format: 'flac',
      bitDepth: 16,
      splitAt: splitFlac(bytes)!.headFrames,
    });
  });
});

describe('FLAC files that are not split', () => {
  it('an unknown total sample count decodes whole (nothing to check the halves against)', async () => {
    const bytes = await libflacEncode(testSignal(2, 300000, 44100), 44100, { totalKnown: false });
    expect(splitFlac(bytes)).toBeNull();
    const decodeSegment = vi.fn(decodeSegmentHere);
    const pcm = await decodeAudio(bytes, { decodeSegment });
    expect(decodeSegment).not.toHaveBeenCalled();
    expect(pcm.frames).toBe(300000);
  });

  it('no split for bytes that are not FLAC or have no frame after the metadata', () => {
    expect(splitFlac(new Uint8Array(200_000))).toBeNull();
    const header = new Uint8Array(200_000);
    header.set([0x66, 0x4c, 0x61, 0x43, 0x80, 0, 0, 34]);
    expect(splitFlac(header)).toBeNull();
  });
});

describe('a false frame sync inside FLAC frame data', () => {
  // VERBATIM frames store 16-bit samples as they are: samples whose bytes spell the header of
  // the frame that follows (same number, valid CRC-8) put a false sync inside the frame data.
  const block = 4096;
  // 40.5 blocks: the middle of the file falls inside a frame, before the false sync.
  const frames = block * 40 + block / 2;
  async function withFalseSync() {
    const planes = testSignal(2, frames, 44100);
    const clean = encodeFlac16(planes, 44100);
    const real = splitFlac(clean)!;
    const n = real.headFrames / block;
    const header = clean.subarray(real.head.length, real.head.length + 8);
    // Channel 1 of frame n − 1, a few samples before its end: after the middle of the file.
    const at = (n - 1) * block + block - 8;
    for (let i = 0; i < 4; i++) {
      const word = (header[2 * i]! << 8) | header[2 * i + 1]!;
      planes[1]![at + i] = ((word << 16) >> 16) / 32768;
    }
    const bytes = encodeFlac16(planes, 44100);
    return { bytes, real, header };
  }

  it('is passed over: the cut is the real frame and the audio is the whole decode', async () => {
    const { bytes, real, header } = await withFalseSync();
    const falseAt = indexOf(bytes, header);
    expect(falseAt).toBeGreaterThan(0);
    expect(falseAt).toBeLessThan(real.head.length);
    const plan = splitFlac(bytes)!;
    expect(plan.head.length).toBe(real.head.length);
    expectSamePcm((await splitHere(plan))!, await decodeFlac(bytes));
  });

  it('a cut at the false sync (taken for a frame) is refused and the whole file decoded', async () => {
    const { bytes, real, header } = await withFalseSync();
    const falseAt = indexOf(bytes, header);
    const tail = new Uint8Array(42 + bytes.length - falseAt);
    tail.set(bytes.subarray(0, 42));
    tail.set(bytes.subarray(falseAt), 42);
    const forged: SplitPlan = { ...real, head: bytes.subarray(0, falseAt), tail };
    expect(await splitHere(forged)).toBeNull();
  });
});

describe('FLAC second halves that are broken', () => {
  it('a truncated file (STREAMINFO counts more) decodes as the whole decode does', async () => {
    const full = await libflacEncode(testSignal(2, 441000, 44100), 44100);
    const bytes = full.subarray(0, Math.floor(full.length * 0.8));
    const decodeSegment = vi.fn(decodeSegmentHere);
    const pcm = await decodeAudio(bytes, { decodeSegment });
    expect(decodeSegment).toHaveBeenCalledOnce();
    expectSamePcm(pcm, await decodeFlac(bytes));
    expect(pcm.splitAt).toBeUndefined(); // the halves did not add up: one whole decode
  });

  it('garbage after the cut gives the same outcome as the whole decode', async () => {
    const bytes = await libflacEncode(testSignal(2, 441000, 44100), 44100);
    const plan = splitFlac(bytes)!;
    let seed = 7;
    for (let i = plan.head.length + 64; i < bytes.length; i++)
      bytes[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    const whole = await decodeFlac(bytes);
    const pcm = await decodeAudio(bytes, { decodeSegment: decodeSegmentHere });
    expectSamePcm(pcm, whole);
  });
});

function indexOf(bytes: Uint8Array, pattern: Uint8Array): number {
  outer: for (let i = 0; i + pattern.length <= bytes.length; i++) {
    for (let j = 0; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}
