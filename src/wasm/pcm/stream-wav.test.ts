import { describe, expect, it } from 'vitest';
import {
  ascii,
  buildWav,
  riffChunk,
  referenceSignal,
  type WavOptions,
} from '../testing/audio-fixtures.ts';
import { readFixture } from '../testing/read-fixture.ts';
import { concatBytes } from '../../shared/bytes.ts';
import { computePeaks, PeakTracker } from './compute-peaks.ts';
import { decodeWav } from './decode-wav.ts';
import { WavStream } from './stream-wav.ts';

/** Read sizes: one byte, three (24-bit samples and frames straddle them), 4095, random, one read. */
const SPLITS: [string, () => () => number][] = [
  ['1-byte reads', () => () => 1],
  ['3-byte reads', () => () => 3],
  ['4095-byte reads', () => () => 4095],
  ['random reads', () => seeded(7)],
  ['one read', () => () => Number.MAX_SAFE_INTEGER],
];

/** Random read sizes of 1 byte to 20 KB, the same every run. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return 1 + (s % 20_000);
  };
}

/** Feeds `bytes` to a WavStream as a download would (one filling buffer), in reads of `size()`. */
function stream(bytes: Uint8Array, size: () => number, peaks = 256) {
  const body = new Uint8Array(bytes.length);
  const wav = new WavStream(bytes.length, peaks);
  const progress: number[] = [];
  for (let at = 0; at < bytes.length;) {
    const n = Math.min(size(), bytes.length - at);
    body.set(bytes.subarray(at, at + n), at);
    at += n;
    wav.feed(body, at);
    progress.push(wav.decodedFrames);
  }
  return { result: wav.finish(), progress };
}

/** The whole-file decode and peaks the stream must reproduce exactly. */
function whole(bytes: Uint8Array, peaks = 256) {
  const pcm = decodeWav(bytes);
  return { pcm, peaks: computePeaks(pcm.channels, peaks) };
}

/** Every sample read one by one with DataView (the reference for the typed-array fast paths). */
function dataViewSamples(bytes: Uint8Array, offset: number, channels: number, o: WavOptions) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = o.bits / 8;
  const frames = Math.floor((bytes.length - offset) / (size * channels));
  const read = (at: number): number => {
    if (o.encoding === 'float')
      return o.bits === 64 ? view.getFloat64(at, true) : view.getFloat32(at, true);
    if (o.bits === 8) return (view.getUint8(at) - 128) / 128;
    if (o.bits === 16) return view.getInt16(at, true) / 32768;
    if (o.bits === 32) return view.getInt32(at, true) / 2147483648;
    return ((view.getInt8(at + 2) << 16) | view.getUint16(at, true)) / 8388608;
  };
  return Array.from({ length: channels }, (_, c) =>
    Float32Array.from({ length: frames }, (_, i) => read(offset + (i * channels + c) * size)),
  );
}

const LAYOUTS: WavOptions[] = [
  { encoding: 'int', bits: 8 },
  { encoding: 'int', bits: 16 },
  { encoding: 'int', bits: 24 },
  { encoding: 'int', bits: 32 },
  { encoding: 'float', bits: 32 },
  { encoding: 'float', bits: 64 },
  { encoding: 'int', bits: 24, extensible: true },
  { encoding: 'float', bits: 32, extensible: true },
];

describe('a WAV decoded while it downloads equals decodeWav + computePeaks', () => {
  // 1001 frames: not a multiple of the 256 buckets.
  for (const layout of LAYOUTS) {
    const name = `${layout.bits}-bit ${layout.encoding}${layout.extensible ? ' extensible' : ''}`;
    it.each(SPLITS)(`${name}, %s`, (_, sizes) => {
      const bytes = buildWav(referenceSignal(2, 1001, 44100), layout);
      const { result, progress } = stream(bytes, sizes());
      expect(result).toEqual(whole(bytes));
      // Converted as it arrived: frames were ready before the last read (unless in one read).
      if (progress.length > 1) expect(progress.at(-2)).toBeGreaterThan(0);
      // The typed-array fast paths read what DataView reads, sample for sample.
      expect(result!.pcm.channels).toEqual(
        dataViewSamples(bytes, 44 + (layout.extensible ? 24 : 0), 2, layout),
      );
    });
  }

  it.each([1, 3, 6, 8])('%i channels, 16 and 24 bit, at 96 kHz', (channels) => {
    for (const bits of [16, 24] as const) {
      const bytes = buildWav(referenceSignal(channels, 777, 96000), {
        encoding: 'int',
        bits,
        sampleRate: 96000,
      });
      for (const [, sizes] of SPLITS) expect(stream(bytes, sizes()).result).toEqual(whole(bytes));
    }
  });

  it.each([
    [['LIST', 'fmt', 'data']],
    [['fmt', 'data', 'LIST', 'odd']],
    [['fmt', 'odd', 'data']],
    [['odd', 'LIST', 'fmt', 'odd', 'data', 'odd']],
    [['data', 'fmt']],
  ] as const)('chunks in the order %j', (order) => {
    // An odd chunk before data leaves 24-bit samples at an odd offset: byte reads, not views.
    for (const bits of [16, 24] as const) {
      const bytes = buildWav(referenceSignal(2, 500, 44100), {
        encoding: 'int',
        bits,
        order: [...order],
      });
      for (const [, sizes] of SPLITS) expect(stream(bytes, sizes()).result).toEqual(whole(bytes));
    }
  });

  it('sox-written fixtures (8, 16, 24, 32-bit)', async () => {
    for (const bits of [8, 16, 24, 32]) {
      const bytes = await readFixture(new URL(`./fixtures/pluck-pcm${bits}.wav`, import.meta.url));
      for (const [, sizes] of SPLITS) expect(stream(bytes, sizes()).result).toEqual(whole(bytes));
    }
  });

  it('a data chunk larger than the file, sized 0 or 0xFFFFFFFF: the whole frames present', () => {
    const full = buildWav(referenceSignal(2, 1000, 44100), { encoding: 'int', bits: 24 });
    // Cut mid-frame: the declared size promises more than the file holds.
    const cut = full.slice(0, 44 + 6 * 600 + 4);
    const sized = (size: number) => {
      const b = full.slice();
      new DataView(b.buffer).setUint32(40, size, true);
      return b;
    };
    for (const bytes of [cut, sized(0), sized(0xffffffff)]) {
      for (const [, sizes] of SPLITS) expect(stream(bytes, sizes()).result).toEqual(whole(bytes));
    }
    expect(stream(cut, () => 100).result!.pcm.frames).toBe(600);
  });

  it('RF64 with its ds64 size', () => {
    const plain = buildWav(referenceSignal(2, 900, 44100), { encoding: 'int', bits: 16 });
    const ds64 = new Uint8Array(28);
    new DataView(ds64.buffer).setBigUint64(8, 3600n, true);
    const fmt = plain.subarray(12, 36);
    const data = plain.slice(36);
    new DataView(data.buffer).setUint32(4, 0xffffffff, true);
    const head = ascii('RF64\xff\xff\xff\xffWAVE');
    const bytes = concatBytes([head, riffChunk('ds64', ds64), fmt, data]);
    expect(whole(bytes).pcm.frames).toBe(900);
    for (const [, sizes] of SPLITS) expect(stream(bytes, sizes()).result).toEqual(whole(bytes));
  });

  it('fewer frames than peaks, as many, and no peaks at all', () => {
    for (const frames of [1, 100, 255, 256, 257, 513]) {
      const bytes = buildWav(referenceSignal(1, frames, 8000), { encoding: 'int', bits: 16 });
      for (const [, sizes] of SPLITS) expect(stream(bytes, sizes()).result).toEqual(whole(bytes));
    }
    const bytes = buildWav(referenceSignal(2, 300, 8000), { encoding: 'int', bits: 16 });
    expect(stream(bytes, () => 50, 0).result!.peaks).toEqual(new Float32Array(0));
  });

  it('gives up (null, so the whole file is decoded) on what decodeWav refuses or is not a WAV', () => {
    const good = buildWav(referenceSignal(2, 1000, 44100), { encoding: 'int', bits: 16 });
    const noChannels = good.slice();
    noChannels[22] = 0;
    const adpcm = good.slice();
    adpcm[20] = 0x11;
    const shortFmt = good.slice();
    new DataView(shortFmt.buffer).setUint32(16, 12, true);
    const mp3ish = Uint8Array.from({ length: 4096 }, (_, i) => (i < 2 ? [0xff, 0xfb][i]! : 0));
    const html = new TextEncoder().encode(`<!doctype html>${' '.repeat(2000)}`);
    for (const bytes of [noChannels, adpcm, shortFmt, mp3ish, html]) {
      expect(() => decodeWav(bytes)).toThrow();
      for (const [, sizes] of SPLITS) expect(stream(bytes, sizes()).result).toBeNull();
    }
  });

  it('answers null until every frame is in', () => {
    const bytes = buildWav(referenceSignal(2, 1000, 44100), { encoding: 'int', bits: 16 });
    const body = new Uint8Array(bytes.length);
    const wav = new WavStream(bytes.length, 256);
    body.set(bytes.subarray(0, 3000));
    wav.feed(body, 3000);
    expect(wav.decodedFrames).toBe(Math.floor((3000 - 44) / 4));
    expect(wav.finish()).toBeNull();
    body.set(bytes);
    wav.feed(body, bytes.length);
    expect(wav.finish()).toEqual(whole(bytes));
    // Another buffer than the one it started from: it stops rather than mixing two.
    expect(wav.feed(bytes.slice(), bytes.length)).toBe(false);
    expect(wav.finish()).toBeNull();
  });
});

describe('PeakTracker', () => {
  it('equals computePeaks for any frame count and read ranges, NaN and values above 1', () => {
    const next = seeded(3);
    for (const frames of [1, 2, 255, 256, 257, 1000, 4099]) {
      for (const count of [0, 1, 7, 256, 300]) {
        const planes = referenceSignal(3, frames, 1000);
        planes[1]![frames >> 1] = Number.NaN;
        planes[2]![frames - 1] = -1.5;
        const tracker = new PeakTracker(frames, count);
        for (let at = 0; at < frames;) {
          const to = Math.min(frames, at + (next() % 300) + 1);
          tracker.add(planes, at, to);
          at = to;
        }
        expect(tracker.peaks(planes)).toEqual(computePeaks(planes, count));
      }
    }
  });
});
