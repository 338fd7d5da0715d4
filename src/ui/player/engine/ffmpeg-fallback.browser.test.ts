import { FFmpeg } from '@ffmpeg/ffmpeg';
import coreURL from '@ffmpeg/core?url';
import wasmURL from '@ffmpeg/core/wasm?url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { alignedSnr, interleaveF32, sweepSignal } from '../../../testing/compare-signals.ts';
import type { AudioJob, DecodedPcm } from '../../../shared/audio/worker-protocol.ts';
import { AudioWorkerPool } from './worker-pool.ts';
import { expectAudioError } from '../../../testing/expect-audio-error.ts';

// The formats only ffmpeg.wasm decodes (src/workers/decode-ffmpeg.ts), made at test time by real
// encoders — ffmpeg's native AAC, libopus, ALAC — on this page, and decoded by a real pool job
// (fetch of an object URL, sniff, ffmpeg in the worker). Each channel is a different sweep
// (sweepSignal), matched at one lag only: a wrong channel measures about -3 dB, a wrong rate or
// noise about 0 dB, so the SNR floors below separate right from wrong by 20 dB or more.

let encoder: Promise<FFmpeg> | null = null;

/** Encodes with ffmpeg.wasm on this page: one instance for the file's tests (~0.4 s to load). */
async function encode(
  planes: Float32Array[],
  sampleRate: number,
  args: string[],
  output: string,
): Promise<Uint8Array> {
  encoder ??= (async () => {
    const f = new FFmpeg();
    await f.load({ coreURL, wasmURL });
    return f;
  })();
  const f = await encoder;
  const log: string[] = [];
  const onLog = ({ message }: { message: string }) => log.push(message);
  f.on('log', onLog);
  try {
    await f.writeFile('in.raw', interleaveF32(planes));
    const layout = ['-ar', String(sampleRate), '-ac', String(planes.length)];
    const code = await f.exec(['-f', 'f32le', ...layout, '-i', 'in.raw', ...args, output]);
    if (code !== 0) throw new Error(`ffmpeg ${args.join(' ')} exited ${code}: ${log.slice(-6)}`);
    return (await f.readFile(output)) as Uint8Array;
  } finally {
    f.off('log', onLog);
  }
}

// ffmpeg's native AAC encoder: the default "twoloop" coder measures 17 dB on these sweeps at
// 128 kbit/s, the "fast" one 80 dB at 160 kbit/s; either is a real AAC-LC stream.
const AAC = ['-c:a', 'aac', '-aac_coder', 'fast'];
// libopus in @ffmpeg/core 0.12.10 traps (out of bounds) above complexity 0.
const OPUS = ['-c:a', 'libopus', '-compression_level', '0'];

/** What a decode must look like. */
interface Expected {
  /** The rate the decode reports; the input's when absent (Opus always decodes at 48 kHz). */
  decodedRate?: number;
  /** Where the signal starts in the decode: encoder delay the container cannot signal. */
  lag: number;
  /** Frames beyond the input the decode may keep (the last AAC frame's padding). */
  padding: number;
  minSnrDb: number;
  /** A channel the codec low-passes (AAC's LFE element): its SNR is not checked. */
  lfe?: number;
}

interface Case extends Expected {
  name: string;
  channels: number;
  sampleRate: number;
  args: string[];
  output: string;
}

const AAC_IN_MP4: Expected = { lag: 0, padding: 1024, minSnrDb: 30 };
const OPUS_OUT: Expected = { decodedRate: 48000, lag: 0, padding: 0, minSnrDb: 25 };
const LOSSLESS: Expected = { lag: 0, padding: 0, minSnrDb: 120 };

const file = (
  name: string,
  [channels, sampleRate]: [number, number],
  args: string[],
  output: string,
  expected: Expected,
): Case => ({ name, channels, sampleRate, args, output, ...expected });

const cases: Case[] = [
  file('M4A AAC-LC stereo 44.1 kHz', [2, 44100], [...AAC, '-b:a', '160k'], 'a.m4a', AAC_IN_MP4),
  file('M4A AAC-LC 5.1 48 kHz', [6, 48000], [...AAC, '-b:a', '384k'], 'a.m4a', {
    ...AAC_IN_MP4,
    lfe: 3,
  }),
  // ADTS has no edit list: the encoder's 1024 frames of priming stay in the decode.
  file('ADTS AAC mono 22.05 kHz', [1, 22050], [...AAC, '-b:a', '64k'], 'a.aac', {
    ...AAC_IN_MP4,
    lag: 1024,
  }),
  file('Ogg Opus stereo 48 kHz', [2, 48000], [...OPUS, '-b:a', '96k'], 'a.opus', OPUS_OUT),
  file('Ogg Opus mono from 44.1 kHz', [1, 44100], OPUS, 'a.opus', OPUS_OUT),
  file('Ogg Opus 5.1', [6, 48000], [...OPUS, '-b:a', '256k'], 'a.opus', OPUS_OUT),
  file('WebM Opus stereo', [2, 48000], OPUS, 'a.webm', OPUS_OUT),
  file('CAF ALAC stereo 44.1 kHz', [2, 44100], ['-c:a', 'alac'], 'a.caf', LOSSLESS),
  file('M4A ALAC 5.1 44.1 kHz', [6, 44100], ['-c:a', 'alac'], 'a.m4a', LOSSLESS),
];

const urls: string[] = [];
let seq = 0;
function job(bytes: Uint8Array): AudioJob<CryptoKey> {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart]));
  urls.push(url);
  return { jobId: `ffmpeg-${++seq}`, url, mode: 'plain' };
}

/** Every channel (but `skip`) against its own sweep at the expected lag (searched ±2048). */
function expectSignal(
  pcm: DecodedPcm,
  reference: Float32Array[],
  lag: number,
  min: number,
  skip?: number,
): void {
  pcm.channels.forEach((plane, c) => {
    if (c === skip) return;
    const found = alignedSnr(plane, reference[c]!, 2048);
    expect({ channel: c, lag: found.lag }).toEqual({ channel: c, lag });
    expect(found.snrDb, `channel ${c}`).toBeGreaterThanOrEqual(min);
  });
}

// One worker: each loads its own ffmpeg core (~0.5 s), which a second would only repeat.
let pool: AudioWorkerPool;
beforeAll(() => {
  pool = new AudioWorkerPool({ size: 1 });
});
afterAll(async () => {
  pool.terminate();
  (await encoder)?.terminate();
});
afterEach(() => {
  urls.splice(0).forEach((u) => URL.revokeObjectURL(u));
});

describe('the ffmpeg fallback in a pool job, on files from real encoders', () => {
  it.each(cases)('$name', async (c) => {
    const input = sweepSignal(c.channels, c.sampleRate, c.sampleRate); // 1 s
    const pcm = await pool.load(job(await encode(input, c.sampleRate, c.args, c.output)));
    const rate = c.decodedRate ?? c.sampleRate;
    expect(pcm).toMatchObject({ format: 'other', sampleRate: rate });
    expect(pcm.channels).toHaveLength(c.channels);
    // One second at the decoded rate, plus any delay and padding the container keeps.
    expect(pcm.frames).toBeGreaterThanOrEqual(rate + c.lag);
    expect(pcm.frames).toBeLessThanOrEqual(rate + c.lag + c.padding);
    const reference = sweepSignal(c.channels, rate, rate);
    expectSignal(pcm, reference, c.lag, c.minSnrDb, c.lfe);
    if (c.channels > 1)
      // The measure tells channels apart: channel 1 against channel 0's sweep.
      expect(alignedSnr(pcm.channels[1]!, reference[0]!, 2048).snrDb).toBeLessThan(0);
  });
});

it('Ogg Vorbis 5.1 (our WASM decoder, beside ffmpeg) reaches the page in WAV channel order', async () => {
  const input = sweepSignal(6, 48000, 48000);
  const ogg = await encode(input, 48000, ['-c:a', 'libvorbis', '-q:a', '6'], 'v.ogg');
  const pcm = await pool.load(job(ogg));
  expect(pcm).toMatchObject({ format: 'ogg', sampleRate: 48000, frames: 48000 });
  expectSignal(pcm, input, 0, 25, 3); // libvorbis low-passes the LFE
});

describe('broken files through the ffmpeg fallback', () => {
  const input = sweepSignal(2, 44100, 44100);
  const m4a = (moovFirst: boolean) =>
    encode(
      input,
      44100,
      [...AAC, '-b:a', '160k', ...(moovFirst ? ['-movflags', '+faststart'] : [])],
      'b.m4a',
    );

  it('a truncated M4A (index at the end) is DECODE, and the pool keeps serving', async () => {
    const whole = await m4a(false);
    expect(
      (await expectAudioError(pool.load(job(whole.slice(0, Math.floor(whole.length * 0.6)))))).code,
    ).toBe('DECODE');
    const garbage = whole.slice();
    garbage.fill(0x5a, 64); // a valid ftyp, then nothing ffmpeg can read
    expect((await expectAudioError(pool.load(job(garbage)))).code).toBe('DECODE');
    const after = await pool.load(job(whole));
    expect(after.frames).toBeGreaterThanOrEqual(44100);
    expectSignal(after, input, 0, 30);
  });

  it('a truncated M4A with its index first decodes what arrived', async () => {
    const whole = await m4a(true);
    const pcm = await pool.load(job(whole.slice(0, Math.floor(whole.length * 0.6))));
    expect(pcm.frames).toBeGreaterThan(44100 * 0.4);
    expect(pcm.frames).toBeLessThan(44100 * 0.8);
    expectSignal(
      pcm,
      input.map((p) => p.subarray(0, pcm.frames)),
      0,
      30,
    );
  });
});
