import { describe, expect, it } from 'vitest';
import type { DecodedPcm } from '../../shared/audio/worker-protocol.ts';
import { decodeAudio } from '../decode-audio.ts';
import { ffmpegEncode } from '../testing/ffmpeg-encoder.ts';
import { encodeFlac16 } from '../testing/flac-encoder.ts';
import { libflacEncode, testSignal } from '../testing/split-fixtures.ts';
import { decodeFlacFrames, MAX_RECIPROCAL_SCALE } from './decode-flac-frames.ts';
import { decodeFlac, decodeFlacWithLibflac } from './decode-flac.ts';

/** Our reader's PCM, which must exist and equal libFLAC's sample for sample. */
async function expectLikeLibflac(bytes: Uint8Array): Promise<DecodedPcm> {
  const ours = decodeFlacFrames(bytes);
  expect(ours).not.toBeNull();
  const reference = await decodeFlacWithLibflac(bytes);
  expect(ours!.frames).toBe(reference.frames);
  expect(ours!.sampleRate).toBe(reference.sampleRate);
  expect(ours!.bitDepth).toBe(reference.bitDepth);
  expect(ours!.channels.length).toBe(reference.channels.length);
  ours!.channels.forEach((plane, c) => expect(plane).toEqual(reference.channels[c]));
  return ours!;
}

/** A signal with fast changes and near-silence too, so every subframe type gets chosen. */
function mixedSignal(channels: number, frames: number, sampleRate: number): Float32Array[] {
  const base = testSignal(channels, frames, sampleRate);
  let seed = 7;
  return base.map((plane, c) =>
    plane.map((v, i) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const section = Math.floor(i / 5000) % 4;
      if (section === 1) return 0; // CONSTANT
      if (section === 2) return (seed / 0x7fffffff - 0.5) * 0.9; // noise: VERBATIM or escapes
      return c % 2 ? v * 0.5 : v;
    }),
  );
}

describe('the TypeScript FLAC reader equals libFLAC, sample for sample', () => {
  it.each([
    { name: '10 s stereo 16-bit, 44.1 kHz', ch: 2, rate: 44100, frames: 441000 },
    { name: '3 s mono 16-bit, block 1152', ch: 1, rate: 44100, frames: 132300, blockSize: 1152 },
    { name: '5 s stereo 24-bit, 48 kHz', ch: 2, rate: 48000, frames: 240000, bits: 24 as const },
    { name: 'odd length, block 576', ch: 2, rate: 44100, frames: 123457, blockSize: 576 },
    { name: '1 s stereo, block 4608, 96 kHz', ch: 2, rate: 96000, frames: 96000, blockSize: 4608 },
  ])('libFLAC level 5: $name', async ({ ch, rate, frames, bits, blockSize }) => {
    const signal = mixedSignal(ch, frames, rate);
    const pcm = await expectLikeLibflac(await libflacEncode(signal, rate, { bits, blockSize }));
    expect(pcm.frames).toBe(frames);
  });

  it('an unknown total sample count (the planes grow as frames arrive)', async () => {
    const bytes = await libflacEncode(mixedSignal(2, 300000, 44100), 44100, { totalKnown: false });
    expect((await expectLikeLibflac(bytes)).frames).toBe(300000);
  });

  it('a damaged total in STREAMINFO (2^36 − 1 frames) allocates no more than the bytes call for', async () => {
    const bytes = await libflacEncode(testSignal(2, 50000, 44100), 44100);
    const lying = bytes.slice();
    lying.set([0xff, 0xff, 0xff, 0xff], 8 + 14);
    lying[8 + 13]! |= 0x0f;
    const pcm = await expectLikeLibflac(lying);
    expect(pcm.frames).toBe(50000);
    expect(pcm.channels[0]!.buffer.byteLength).toBeLessThan(4 * (bytes.length * 4 + 65536) + 1);
  });

  it('10 s of near-silence (a few KB): the planes grow past the first guess', async () => {
    const quiet = [new Float32Array(441000), new Float32Array(441000)];
    quiet[0]![300000] = 0.5;
    const bytes = await libflacEncode(quiet, 44100);
    expect(bytes.length * 4 + 65536).toBeLessThan(441000);
    const pcm = await expectLikeLibflac(bytes);
    expect(pcm.frames).toBe(441000);
    expect(pcm.channels[0]![300000]).toBeCloseTo(0.5, 4);
  });

  it('writes into the planes its plane source hands out, sized from STREAMINFO', async () => {
    const bytes = await libflacEncode(testSignal(2, 30000, 44100), 44100);
    const given: Float32Array<ArrayBuffer>[] = [];
    const takePlane = (frames: number) => {
      // As the pool's spares are: a view on a somewhat larger, already zeroed buffer.
      const plane = new Float32Array(new ArrayBuffer(frames * 5), 0, frames);
      given.push(plane);
      return plane;
    };
    const pcm = decodeFlacFrames(bytes, takePlane)!;
    expect(given.map((p) => p.length)).toEqual([30000, 30000]);
    pcm.channels.forEach((plane, c) => expect(plane.buffer).toBe(given[c]!.buffer));
    const reference = await decodeFlacWithLibflac(bytes);
    pcm.channels.forEach((plane, c) => expect(plane).toEqual(reference.channels[c]));
  });

  it('VERBATIM frames from an independent encoder', async () => {
    const planes = testSignal(2, 10000, 22050);
    await expectLikeLibflac(encodeFlac16(planes, 22050));
  });

  it('escaped residual partitions, silent ones (width 0) and a wasted bit', async () => {
    const planes = testSignal(2, 3 * 4096, 44100);
    // Block 2: silent (width 0); block 3, channel 0: even samples only (one wasted bit).
    planes.forEach((p) => p.fill(0, 4096, 8192));
    for (let i = 8192; i < 3 * 4096; i++)
      planes[0]![i] = (2 * Math.round(planes[0]![i]! * 16384)) / 32768;
    const pcm = await expectLikeLibflac(encodeFlac16(planes, 44100, { escaped: true }));
    expect(pcm.channels[0]![5000]).toBe(0);
  });

  it.each([
    { name: '16-bit stereo, level 8', ch: 2, args: ['-compression_level', '8'] },
    { name: 'level 12 (64-bit LPC sums)', ch: 2, args: ['-compression_level', '12'] },
    {
      name: 'LPC order 32, 8-bit coefficients (the looped 32-bit sum)',
      ch: 2,
      args: [
        '-min_prediction_order',
        '32',
        '-max_prediction_order',
        '32',
        '-lpc_coeff_precision',
        '8',
      ],
    },
    { name: 'left/side', ch: 2, args: ['-ch_mode', 'left_side'] },
    { name: 'right/side', ch: 2, args: ['-ch_mode', 'right_side'] },
    { name: 'mid/side', ch: 2, args: ['-ch_mode', 'mid_side'] },
    { name: 'independent channels', ch: 2, args: ['-ch_mode', 'indep'] },
    { name: 'mono, fixed predictors only', ch: 1, args: ['-lpc_type', 'fixed'] },
    { name: '6 channels', ch: 6, args: [] },
    { name: '24-bit stereo', ch: 2, args: ['-sample_fmt', 's32', '-bits_per_raw_sample', '24'] },
  ])('ffmpeg’s encoder: $name', async ({ ch, args }) => {
    const planes = mixedSignal(ch, 60000, 44100);
    const bytes = await ffmpegEncode(
      [{ planes, sampleRate: 44100 }],
      ['-c:a', 'flac', ...(args.includes('-sample_fmt') ? [] : ['-sample_fmt', 's16']), ...args],
      'out.flac',
    );
    expect((await expectLikeLibflac(bytes)).frames).toBe(60000);
  });

  it('scales by the reciprocal only where it rounds like the division, for every sample value', () => {
    for (let bits = 4; bits <= 24; bits++) {
      const scale = 2 ** (bits - 1) - 1;
      const inv = 1 / scale;
      let mismatches = 0;
      for (let x = -(2 ** (bits - 1)); x < 2 ** (bits - 1); x++)
        if (Math.fround(x * inv) !== Math.fround(x / scale)) mismatches++;
      expect(mismatches).toBe(0);
    }
    expect(MAX_RECIPROCAL_SCALE).toBe(2 ** 23 - 1);
  });
});

describe('FLAC input the TypeScript reader declines goes to libFLAC', () => {
  it('a damaged frame (CRC-16 mismatch): declined, and decodeFlac gives what libFLAC gives', async () => {
    const bytes = await libflacEncode(testSignal(2, 44100, 44100), 44100);
    const bad = bytes.slice();
    bad[Math.floor(bad.length * 0.6)]! ^= 0x10;
    expect(decodeFlacFrames(bad)).toBeNull();
    const pcm = await decodeFlac(bad);
    const reference = await decodeFlacWithLibflac(bad);
    expect(pcm.frames).toBe(reference.frames);
    pcm.channels.forEach((plane, c) => expect(plane).toEqual(reference.channels[c]));
  });

  it('a truncated file, junk after the last frame, no frame after the metadata', async () => {
    const bytes = await libflacEncode(testSignal(1, 20000, 44100), 44100);
    expect(decodeFlacFrames(bytes.subarray(0, bytes.length - 100))).toBeNull();
    const junk = new Uint8Array(bytes.length + 64).fill(0x55);
    junk.set(bytes);
    expect(decodeFlacFrames(junk)).toBeNull();
    expect(decodeFlacFrames(bytes.subarray(0, 42 + 10))).toBeNull();
    expect(decodeFlacFrames(new Uint8Array(4096))).toBeNull();
  });

  it('bit-flipped files: declined or decoded, never a throw or a hang; decodeAudio stays typed', async () => {
    const sources = [
      await libflacEncode(mixedSignal(2, 20000, 44100), 44100),
      encodeFlac16(testSignal(1, 5000, 22050), 22050),
    ];
    let seed = 4242;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let n = 0; n < 300; n++) {
      const bad = sources[n % 2]!.slice();
      for (let k = 0; k < 4; k++) bad[Math.floor(random() * bad.length)]! ^= 1 << (n % 8);
      const ours = decodeFlacFrames(bad);
      if (ours) expect(ours.channels.every((p) => p.length === ours.frames)).toBe(true);
      const outcome = await decodeAudio(bad).then(
        () => 'pcm',
        (e: { code?: string }) => e.code,
      );
      expect(['pcm', 'DECODE']).toContain(outcome);
    }
  });
});
