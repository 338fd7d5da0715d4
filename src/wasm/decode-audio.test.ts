import { Mp3Encoder } from '@breezystack/lamejs';
import { beforeAll, describe, expect, it } from 'vitest';
import { AudioError } from '../shared/audio/audio-errors.ts';
import { decodeAudio } from './decode-audio.ts';
import { computePeaks } from './pcm/compute-peaks.ts';
import { buildAifc, buildWav, readAu32, referenceSignal } from './testing/audio-fixtures.ts';
import { encodeFlac16 } from './testing/flac-encoder.ts';
import { readFixture } from './testing/read-fixture.ts';
import { concatBytes } from '../shared/bytes.ts';
import { expectAudioError } from '../testing/expect-audio-error.ts';

const fixture = (name: string) => readFixture(new URL(`./pcm/fixtures/${name}`, import.meta.url));

/** Largest |a - b| over all channels and frames. */
function maxError(a: Float32Array[], b: Float32Array[]): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  a.forEach((plane, c) => {
    expect(plane.length).toBe(b[c]!.length);
    for (let i = 0; i < plane.length; i++) max = Math.max(max, Math.abs(plane[i]! - b[c]![i]!));
  });
  return max;
}

/** Decodes `bytes`, expecting an AudioError. */
const decodeError = (bytes: Uint8Array) => expectAudioError(decodeAudio(bytes));

describe('WAV and AIFF written by sox (CPython test data) match the 32-bit .au reference', () => {
  let reference: ReturnType<typeof readAu32>;
  beforeAll(async () => {
    reference = readAu32(await fixture('pluck-pcm32.au'));
  });
  // Tolerance: one quantisation step of the stored depth (8 for 16-bit: sox dithered those
  // files); G.711 within its companding error.
  const cases: [string, number][] = [
    ['pluck-pcm8.wav', 1.02 / 128],
    ['pluck-pcm16.wav', 8 / 32768],
    ['pluck-pcm24.wav', 1 / 8388608],
    ['pluck-pcm32.wav', 1e-7],
    ['pluck-pcm8.aiff', 1.02 / 128],
    ['pluck-pcm16.aiff', 8 / 32768],
    ['pluck-pcm24.aiff', 1 / 8388608],
    ['pluck-pcm32.aiff', 1e-7],
    ['pluck-ulaw.aifc', 0.032],
    ['pluck-alaw.aifc', 0.032],
  ];
  it.each(cases)('%s within %f', async (name, tolerance) => {
    const pcm = await decodeAudio(await fixture(name));
    expect(pcm.sampleRate).toBe(reference.sampleRate);
    expect(pcm.frames).toBe(reference.channels[0]!.length);
    expect(maxError(pcm.channels, reference.channels)).toBeLessThanOrEqual(tolerance);
  });
});

describe('WAV layouts', () => {
  const planes = referenceSignal(2, 1000, 44100);
  const layouts = [
    { name: '8-bit unsigned', opts: { encoding: 'int', bits: 8 }, tol: 1 / 128 },
    { name: '16-bit', opts: { encoding: 'int', bits: 16 }, tol: 1 / 32768 },
    { name: '24-bit', opts: { encoding: 'int', bits: 24 }, tol: 1 / 8388608 },
    { name: '32-bit int', opts: { encoding: 'int', bits: 32 }, tol: 1e-7 },
    { name: '32-bit float', opts: { encoding: 'float', bits: 32 }, tol: 0 },
    { name: '64-bit float', opts: { encoding: 'float', bits: 64 }, tol: 0 },
    {
      name: 'EXTENSIBLE 24-bit',
      opts: { encoding: 'int', bits: 24, extensible: true },
      tol: 1 / 8388608,
    },
    { name: 'EXTENSIBLE float', opts: { encoding: 'float', bits: 32, extensible: true }, tol: 0 },
    {
      name: 'LIST before fmt',
      opts: { encoding: 'int', bits: 16, order: ['LIST', 'fmt', 'data'] },
      tol: 1 / 32768,
    },
    {
      name: 'odd chunk padded',
      opts: { encoding: 'int', bits: 16, order: ['fmt', 'odd', 'data'] },
      tol: 1 / 32768,
    },
    {
      name: 'data before fmt',
      opts: { encoding: 'int', bits: 16, order: ['data', 'odd', 'fmt'] },
      tol: 1 / 32768,
    },
  ] as const;
  it.each(layouts)('$name', async ({ opts, tol }) => {
    const pcm = await decodeAudio(buildWav(planes, opts as Parameters<typeof buildWav>[1]));
    expect(pcm).toMatchObject({ format: 'wav', sampleRate: 44100, frames: 1000 });
    expect(maxError(pcm.channels, planes)).toBeLessThanOrEqual(tol);
  });

  it.each([1, 6, 8])('%i channels at 96 kHz', async (count) => {
    const many = referenceSignal(count, 500, 96000);
    const pcm = await decodeAudio(
      buildWav(many, { encoding: 'int', bits: 24, extensible: true, sampleRate: 96000 }),
    );
    expect(pcm.channels).toHaveLength(count);
    expect(pcm.sampleRate).toBe(96000);
    expect(maxError(pcm.channels, many)).toBeLessThanOrEqual(1 / 8388608);
  });

  it('a data chunk cut short yields the whole frames present', async () => {
    const full = buildWav(planes, { encoding: 'int', bits: 16 });
    const pcm = await decodeAudio(full.subarray(0, full.length - 401));
    expect(pcm.frames).toBe(1000 - Math.ceil(401 / 4));
  });
});

describe('AIFF-C layouts', () => {
  const planes = referenceSignal(2, 800, 48000);
  it('fl32 (big-endian float)', async () => {
    const pcm = await decodeAudio(buildAifc(planes, 'fl32'));
    expect(pcm).toMatchObject({ format: 'aiff', sampleRate: 48000, frames: 800 });
    expect(maxError(pcm.channels, planes)).toBe(0);
  });
  it('sowt (little-endian 16-bit)', async () => {
    const pcm = await decodeAudio(buildAifc(planes, 'sowt'));
    expect(maxError(pcm.channels, planes)).toBeLessThanOrEqual(1 / 32768);
  });
});

describe('WASM decoders under Node', () => {
  it('FLAC from an independent encoder decodes within one 16-bit step', async () => {
    const planes = referenceSignal(2, 10000, 44100).map((p) =>
      p.map((v) => Math.max(-32768, Math.min(32767, Math.round(v * 32768))) / 32768),
    );
    const pcm = await decodeAudio(encodeFlac16(planes, 44100));
    expect(pcm).toMatchObject({ format: 'flac', sampleRate: 44100, frames: 10000, bitDepth: 16 });
    // The decoder scales by 1/32767, so values differ from n/32768 by under one step.
    expect(maxError(pcm.channels, planes)).toBeLessThanOrEqual(1 / 32768);
  });

  it('MP3 made by LAME (lamejs) decodes to the right pitch and length', async () => {
    const sampleRate = 44100;
    const frames = sampleRate; // 1 s of 440 Hz
    const pcm16 = Int16Array.from({ length: frames }, (_, i) =>
      Math.round(16000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)),
    );
    const encoder = new Mp3Encoder(1, sampleRate, 128);
    const mp3 = concatBytes([encoder.encodeBuffer(pcm16), encoder.flush()]);
    const chunks: number[] = [];
    const pcm = await decodeAudio(mp3, { onChunk: (planes) => chunks.push(planes[0]!.length) });
    expect(pcm).toMatchObject({ format: 'mp3', sampleRate });
    // LAME adds encoder delay and padding: within two MP3 frames of the input length.
    expect(Math.abs(pcm.frames - frames)).toBeLessThan(2 * 1152);
    expect(chunks.reduce((a, b) => a + b, 0)).toBe(pcm.frames);
    const plane = pcm.channels[0]!;
    let crossings = 0;
    for (let i = 2000; i < 2000 + sampleRate / 2; i++)
      if (plane[i - 1]! < 0 && plane[i]! >= 0) crossings++;
    expect(crossings).toBeGreaterThanOrEqual(219);
    expect(crossings).toBeLessThanOrEqual(221);
  });
});

describe('corrupt input gives a typed error, never a crash or hang', () => {
  const wav = buildWav(referenceSignal(2, 2000, 44100), { encoding: 'int', bits: 16 });

  it('empty', async () => {
    expect((await decodeError(new Uint8Array(0))).code).toBe('UNSUPPORTED_FORMAT');
  });
  it('wrong magic', async () => {
    const bad = wav.slice();
    bad.set([0x52, 0x49, 0x46, 0x58], 0); // RIFX
    expect((await decodeError(bad)).code).toBe('UNSUPPORTED_FORMAT');
  });
  it('an HTML error page', async () => {
    const html = new TextEncoder().encode(
      `<!DOCTYPE html><html><body>${'502 Bad Gateway '.repeat(100)}</body></html>`,
    );
    expect((await decodeError(html)).code).toBe('INVALID_AUDIO');
  });
  it('truncated inside the header', async () => {
    expect((await decodeError(wav.subarray(0, 30))).code).toBe('INVALID_AUDIO');
  });
  it('truncated before the first frame', async () => {
    expect((await decodeError(wav.subarray(0, 46))).code).toBe('DECODE');
  });
  it('absurd channel count', async () => {
    const bad = wav.slice();
    new DataView(bad.buffer).setUint16(22, 0, true);
    expect((await decodeError(bad)).code).toBe('INVALID_AUDIO');
  });
  it('unsupported WAV codec (ADPCM)', async () => {
    const bad = wav.slice();
    new DataView(bad.buffer).setUint16(20, 2, true);
    expect((await decodeError(bad)).code).toBe('UNSUPPORTED_FORMAT');
  });
  it('an M4A-like container without ffmpeg', async () => {
    const m4a = new Uint8Array(2048);
    m4a.set(new TextEncoder().encode('ftypM4A '), 4);
    expect((await decodeError(m4a)).code).toBe('UNSUPPORTED_FORMAT');
  });
  it('a FLAC or Ogg header followed by garbage', async () => {
    const junk = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) & 0xff);
    junk.set(new TextEncoder().encode('fLaC'), 0);
    expect((await decodeError(junk)).code).toBe('DECODE');
    const ogg = junk.slice();
    ogg.set(new TextEncoder().encode('OggS'), 0);
    ogg.set([0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 30, 1], 4);
    ogg.set(new TextEncoder().encode('vorbis'), 29);
    expect((await decodeError(ogg)).code).toBe('DECODE');
  });
  it('bit-flipped files decode or fail typed, 200 times in a row', async () => {
    const sources = [wav, encodeFlac16(referenceSignal(1, 5000, 22050), 22050)];
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let n = 0; n < 200; n++) {
      const bad = sources[n % 2]!.slice();
      for (let k = 0; k < 8; k++)
        bad[Math.floor(random() * Math.min(bad.length, 256))]! ^= 1 << Math.floor(random() * 8);
      const outcome = await decodeAudio(bad).then(
        (pcm) => pcm.channels.every((p) => p.length === pcm.frames),
        (e: unknown) => e instanceof AudioError,
      );
      expect(outcome).toBe(true);
    }
  });
});

describe('peaks', () => {
  it('are the max |amplitude| per bucket over all channels', () => {
    const left = Float32Array.from([0, 0.5, -0.25, 0, 0, 0, 0, -1]);
    const right = Float32Array.from([0.75, 0, 0, 0, 0.1, 0, 0, 0]);
    expect(Array.from(computePeaks([left, right], 4))).toEqual([
      0.75, 0.25, 0.10000000149011612, 1,
    ]);
  });
});
