import { beforeAll, describe, expect, it } from 'vitest';
import { concatBytes } from '../shared/bytes.ts';
import type { Truncation } from '../shared/audio/worker-protocol.ts';
import { decodeAudio } from './decode-audio.ts';
import { describeTruncation, findTruncation } from './find-truncation.ts';
import {
  ascii,
  buildAifc,
  buildWav,
  referenceSignal,
  riffChunk,
} from './testing/audio-fixtures.ts';
import { ffmpegEncode } from './testing/ffmpeg-encoder.ts';
import { lameEncode, libflacEncode, testSignal, withLameInfo } from './testing/split-fixtures.ts';
import { cutAtOggPage, cutShare as cut, oggPageStarts } from './testing/truncated-audio.ts';

/** Decodes `bytes` as the importer and the worker do, then asks for the cut. */
async function check(bytes: Uint8Array): Promise<Truncation | null> {
  return findTruncation(bytes, await decodeAudio(bytes));
}

describe('findTruncation: WAV and AIFF', () => {
  const wav = buildWav(referenceSignal(2, 4 * 44100, 44100), { encoding: 'int', bits: 16 });

  it('a WAV cut to 40 % whose data chunk still declares 4 s', async () => {
    const t = await check(cut(wav, 0.4));
    expect(t).toMatchObject({ declaredSeconds: 4 });
    expect(t!.presentSeconds).toBeCloseTo(1.6, 2);
    expect(describeTruncation(t!)).toMatch(/WAV data chunk .*declares 4\.000 s, holds 1\.6\d\d s/);
  });

  it('passes a whole WAV, odd chunk padding and chunks after the data', async () => {
    expect(await check(wav)).toBeNull();
    const odd = buildWav(referenceSignal(1, 1001, 8000), {
      encoding: 'int',
      bits: 8,
      order: ['fmt', 'odd', 'data', 'LIST'],
    });
    expect(await check(odd)).toBeNull();
    // An odd data chunk whose pad byte the writer left off at the end of the file.
    const unpadded = buildWav(referenceSignal(1, 1001, 8000), { encoding: 'int', bits: 8 });
    expect(await check(unpadded.subarray(0, unpadded.length - 1))).toBeNull();
  });

  it('passes the sizes streaming writers leave (0, 0xFFFFFFFF, SoX 0x7FFFF000), even cut', async () => {
    for (const size of [0, 0xffffffff, 0x7ffff000]) {
      const b = cut(wav, 0.4);
      new DataView(b.buffer).setUint32(40, size, true);
      expect(await check(b), `size ${size}`).toBeNull();
    }
  });

  it('RF64: whole passes, cut is found by its ds64 size', async () => {
    const plain = buildWav(referenceSignal(2, 44100, 44100), { encoding: 'int', bits: 16 });
    const ds64 = new Uint8Array(28);
    new DataView(ds64.buffer).setBigUint64(8, BigInt(44100 * 4), true);
    const data = plain.slice(36);
    new DataView(data.buffer).setUint32(4, 0xffffffff, true);
    const head = ascii('RF64\xff\xff\xff\xffWAVE');
    const rf64 = concatBytes([head, riffChunk('ds64', ds64), plain.subarray(12, 36), data]);
    expect(await check(rf64)).toBeNull();
    expect(await check(cut(rf64, 0.5))).toMatchObject({ declaredSeconds: 1 });
  });

  it('an AIFF cut short; the whole one passes', async () => {
    const aiff = buildAifc(referenceSignal(1, 48000, 48000), 'fl32');
    expect(await check(aiff)).toBeNull();
    const t = await check(cut(aiff, 0.5));
    expect(t).toMatchObject({ declaredSeconds: 1 });
    expect(t!.reason).toMatch(/AIFF/);
  });
});

describe('findTruncation: FLAC and MP3', () => {
  const signal = testSignal(2, 4 * 44100, 44100);

  it('FLAC cut to 40 % (STREAMINFO: 176,400 frames); whole and unknown-total files pass', async () => {
    const flac = await libflacEncode(signal, 44100);
    expect(await check(flac)).toBeNull();
    const t = await check(cut(flac, 0.4));
    expect(t).toMatchObject({ declaredSeconds: 4 });
    expect(t!.presentSeconds).toBeLessThan(2);
    const unknown = await libflacEncode(signal, 44100, { totalKnown: false });
    expect(await check(cut(unknown, 0.4))).toBeNull();
  });

  const mono = testSignal(1, 2 * 44100, 44100);

  it('an MP3 with fewer frames than its Info frame counts; a whole one passes', async () => {
    const mp3 = withLameInfo(lameEncode(mono, 44100, 128), 576, 1000);
    expect(await check(mp3)).toBeNull();
    const t = await check(cut(mp3, 0.4));
    expect(t!.reason).toMatch(/Xing\/Info/);
    expect(t!.declaredSeconds).toBeCloseTo(2, 1);
    expect(t!.presentSeconds).toBeLessThan(0.9);
    // A cut inside the last frame: the one frame of slack lets it pass, one more does not.
    const frame = 417; // 128 kbit/s at 44.1 kHz, unpadded
    expect(await check(mp3.subarray(0, mp3.length - 100))).toBeNull();
    expect(await check(mp3.subarray(0, mp3.length - 100 - 2 * frame))).not.toBeNull();
  });

  it('passes an MP3 without a Xing/Info frame, whole or cut (nothing declares its length)', async () => {
    const plain = lameEncode(mono, 44100, 128);
    expect(await check(plain)).toBeNull();
    expect(await check(cut(plain, 0.4))).toBeNull();
  });
});

describe('findTruncation: Ogg Vorbis', () => {
  let ogg: Uint8Array;
  beforeAll(async () => {
    const tone = testSignal(2, 12 * 44100, 44100);
    ogg = await ffmpegEncode([{ planes: tone, sampleRate: 44100 }], ['-c:a', 'libvorbis'], 'o.ogg');
  });

  it('passes the whole file, and a chain of two whole links', async () => {
    expect(await check(ogg)).toBeNull();
    expect(await check(concatBytes([ogg, ogg]))).toBeNull();
    expect(await check(concatBytes([ogg, cut(ogg, 0.5)]))).not.toBeNull();
  });

  it('a file cut at 40 %: its last page runs past the end', async () => {
    const t = await check(cut(ogg, 0.4));
    expect(t).toMatchObject({ declaredSeconds: null });
    expect(t!.reason).toMatch(/runs past the end/);
    expect(t!.presentSeconds).toBeGreaterThan(3);
    expect(describeTruncation(t!)).toMatch(/not declared, holds \d+\.\d{3} s/);
  });

  it('a file cut at a page boundary: no end-of-stream page', async () => {
    const t = await check(cutAtOggPage(ogg, 0.5));
    expect(t!.reason).toMatch(/end-of-stream/);
    expect(t!.presentSeconds).toBeGreaterThan(4);
    expect(t!.presentSeconds).toBeLessThan(8);
  });

  it('a last page that fails its CRC', async () => {
    const damaged = ogg.slice();
    damaged[damaged.length - 10]! ^= 0xff;
    expect((await check(damaged))!.reason).toMatch(/CRC/);
  });

  it('is not fooled by a capture pattern in the last page’s data', async () => {
    // "OggS" written into the last page's packet data (CRC fixed up): still a whole stream.
    const starts = oggPageStarts(ogg);
    const last = starts.at(-1)!;
    const fooled = ogg.slice();
    fooled.set([0x4f, 0x67, 0x67, 0x53, 0, 0, 0], fooled.length - 20);
    fixOggCrc(fooled, last);
    expect(await check(fooled)).toBeNull();
  });
});

/** Rewrites the CRC of the page at `at` (Ogg's CRC-32, polynomial 0x04c11db7). */
function fixOggCrc(bytes: Uint8Array, at: number): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  view.setUint32(at + 22, 0, true);
  const size = bytes.length - at;
  let crc = 0;
  for (let i = 0; i < size; i++) {
    crc ^= bytes[at + i]! << 24;
    for (let b = 0; b < 8; b++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    crc >>>= 0;
  }
  view.setUint32(at + 22, crc, true);
}
