import { beforeAll, describe, expect, it } from 'vitest';
import { AudioError } from '../../shared/audio/audio-errors.ts';
import { alignedSnr, toneSignal } from '../../testing/compare-signals.ts';
import type { DecodedPcm } from '../../shared/audio/worker-protocol.ts';
import { decodeAudio } from '../decode-audio.ts';
import { ffmpegEncode } from '../testing/ffmpeg-encoder.ts';
import { oggPageStarts } from '../testing/truncated-audio.ts';
import { concatBytes } from '../../shared/bytes.ts';
import { expectAudioError } from '../../testing/expect-audio-error.ts';

// Files come from libvorbis (inside @ffmpeg/core) at test time. Vorbis is lossy, so the decode
// is compared with the encoded signal by SNR after alignment (alignedSnr): a correct decode of
// these tones measures 34-41 dB (13.5 dB on a 5.1 LFE, which libvorbis codes coarsely); a wrong
// channel, rate or garbage measures about 0 dB or less. Ogg granule positions make the length
// exact, so lengths are compared exactly.
const MIN_SNR_DB = 25;
const MIN_LFE_SNR_DB = 10;

const vorbis = (planes: Float32Array[], sampleRate: number, args: string[] = []) =>
  ffmpegEncode([{ planes, sampleRate }], ['-c:a', 'libvorbis', ...args], 'out.ogg');

/** Every channel's SNR against its own reference, at lag 0 (Vorbis has no encoder delay). */
function expectClose(pcm: DecodedPcm, reference: Float32Array[], lfe = -1): void {
  expect(pcm.channels).toHaveLength(reference.length);
  pcm.channels.forEach((plane, c) => {
    const { lag, snrDb } = alignedSnr(plane, reference[c]!, 64);
    expect({ channel: c, lag }).toEqual({ channel: c, lag: 0 });
    expect(snrDb, `channel ${c}`).toBeGreaterThanOrEqual(c === lfe ? MIN_LFE_SNR_DB : MIN_SNR_DB);
  });
}

/** Decodes `bytes`, expecting an AudioError. */
const decodeError = (bytes: Uint8Array) => expectAudioError(decodeAudio(bytes));

describe('Ogg Vorbis from libvorbis decodes to the encoded signal', () => {
  const cases: [string, number, number, number][] = [
    ['mono 44.1 kHz q0', 1, 44100, 0],
    ['mono 48 kHz q6', 1, 48000, 6],
    ['stereo 44.1 kHz q-1 (lowest)', 2, 44100, -1],
    ['stereo 44.1 kHz q4', 2, 44100, 4],
    ['stereo 48 kHz q10 (highest)', 2, 48000, 10],
    ['7.1 44.1 kHz q4', 8, 44100, 4],
  ];
  it.each(cases)('%s', async (_, channels, sampleRate, quality) => {
    const reference = toneSignal(channels, sampleRate, sampleRate);
    const pcm = await decodeAudio(await vorbis(reference, sampleRate, ['-q:a', String(quality)]));
    expect(pcm).toMatchObject({ format: 'ogg', sampleRate, frames: sampleRate });
    expectClose(pcm, reference);
  });

  it('5.1 comes out in WAV / Web Audio order (L R C LFE BL BR), not Vorbis order', async () => {
    // A low LFE tone: libvorbis low-passes that channel.
    const reference = toneSignal(6, 48000, 48000, [220, 330, 440, 60, 550, 660]);
    const pcm = await decodeAudio(await vorbis(reference, 48000, ['-q:a', '4']));
    expect(pcm.frames).toBe(48000);
    expectClose(pcm, reference, 3);
    // The measure tells channels apart: the centre against the right channel's tone.
    expect(alignedSnr(pcm.channels[2]!, reference[1]!, 64).snrDb).toBeLessThan(0);
  });

  it('the measure catches a wrong rate: a 44.1 kHz decode read as 48 kHz is < 0 dB', async () => {
    const reference = toneSignal(1, 44100, 44100);
    const pcm = await decodeAudio(await vorbis(reference, 44100));
    const at48k = toneSignal(1, 44100, 48000);
    expect(alignedSnr(pcm.channels[0]!, at48k[0]!, 64).snrDb).toBeLessThan(0);
  });
});

describe('chained and multiplexed Ogg', () => {
  const first = toneSignal(2, 44100, 44100);
  const second = toneSignal(2, 22050, 44100, [550, 660]);
  let firstOgg: Uint8Array;
  beforeAll(async () => {
    firstOgg = await vorbis(first, 44100, ['-q:a', '0']);
  });

  it('links of one layout but other codebooks are each decoded and joined', async () => {
    // -q 10 writes other codebooks than -q 0: decoding link 2 with link 1's setup gave noise.
    const secondOgg = await vorbis(second, 44100, ['-q:a', '10', '-serial_offset', '77']);
    const pcm = await decodeAudio(concatBytes([firstOgg, secondOgg]));
    expect(pcm).toMatchObject({ sampleRate: 44100, frames: 44100 + 22050 });
    expectClose({ ...pcm, channels: pcm.channels.map((p) => p.subarray(0, 44100)) }, first);
    expectClose({ ...pcm, channels: pcm.channels.map((p) => p.subarray(44100)) }, second);
  });

  it('a link with another rate and channel count ends the file there', async () => {
    const mono48k = await vorbis(toneSignal(1, 24000, 48000), 48000, ['-serial_offset', '99']);
    const pcm = await decodeAudio(concatBytes([firstOgg, mono48k]));
    expect(pcm).toMatchObject({ sampleRate: 44100, frames: 44100 });
    expectClose(pcm, first);
  });

  it('of two multiplexed Vorbis streams only the first is read', async () => {
    const ogg = await ffmpegEncode(
      [
        { planes: first, sampleRate: 44100 },
        { planes: toneSignal(1, 24000, 48000), sampleRate: 48000 },
      ],
      ['-map', '0:a', '-map', '1:a', '-c:a', 'libvorbis'],
      'out.ogg',
    );
    const pcm = await decodeAudio(ogg);
    expect(pcm).toMatchObject({ sampleRate: 44100, frames: 44100 });
    expectClose(pcm, first);
  });
});

describe('damaged Ogg Vorbis: the intact part or a typed error, never noise', () => {
  // 3 s in pages of 250 ms, so a damaged page leaves others before and after it.
  const reference = toneSignal(2, 3 * 44100, 44100);
  let ogg: Uint8Array;
  let whole: DecodedPcm;
  let pages: number[];
  beforeAll(async () => {
    ogg = await vorbis(reference, 44100, ['-page_duration', '250000']);
    whole = await decodeAudio(ogg);
    pages = oggPageStarts(ogg);
    expect(pages.length).toBeGreaterThan(10);
  });

  it('a damaged page in the middle is skipped: the audio before it is untouched', async () => {
    const hit = pages[Math.floor(pages.length / 2)]! + 100;
    for (const damage of ['one bit', '200 bytes']) {
      const bad = ogg.slice();
      if (damage === 'one bit') bad[hit]! ^= 0x10;
      else for (let i = hit; i < hit + 200; i++) bad[i] = (i * 7919) & 0xff;
      const pcm = await decodeAudio(bad);
      // One page of 250 ms (plus a block's overlap) is missing, not more.
      expect(pcm.frames).toBeLessThan(whole.frames);
      expect(pcm.frames).toBeGreaterThan(whole.frames - 0.3 * 44100);
      expect(peak(pcm)).toBeLessThan(0.75); // the tones are 0.5: no burst of noise
      // Before the hole: sample for sample the intact file's decode.
      const before = 44100; // the damaged page starts about 1.25 s in (page 6 of 12)
      pcm.channels.forEach((p, c) =>
        expect(maxDiff(p.subarray(0, before), whole.channels[c]!.subarray(0, before))).toBe(0),
      );
      // After the hole: still the right tone, shifted by the missing page (found within ±600).
      const tail = pcm.frames - 22050;
      pcm.channels.forEach((p, c) => {
        const { snrDb } = alignedSnr(
          p.subarray(tail),
          reference[c]!.subarray(tail, tail + 22050),
          600,
        );
        expect(snrDb).toBeGreaterThan(MIN_SNR_DB);
      });
    }
  });

  it('a file cut inside a page decodes up to its last whole page', async () => {
    const cut = pages[pages.length - 3]! + 50;
    const pcm = await decodeAudio(ogg.subarray(0, cut));
    expect(pcm.frames).toBeGreaterThan(2 * 44100);
    expect(pcm.frames).toBeLessThan(whole.frames);
    pcm.channels.forEach((p, c) =>
      expect(maxDiff(p, whole.channels[c]!.subarray(0, pcm.frames))).toBe(0),
    );
  });

  it('headers without any audio page, or a damaged first page, give DECODE', async () => {
    expect((await decodeError(ogg.subarray(0, pages[2]! + 30))).code).toBe('DECODE');
    const bad = ogg.slice();
    bad[40]! ^= 0xff; // inside the identification header
    expect((await decodeError(bad)).code).toBe('DECODE');
  });

  it('100 files with random damage each decode to bounded audio or fail with a typed error', async () => {
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    for (let n = 0; n < 100; n++) {
      const bad = ogg.slice();
      const at = Math.floor(random() * bad.length);
      const count = 1 + Math.floor(random() * 64);
      for (let i = at; i < Math.min(bad.length, at + count); i++) bad[i] = random() * 256;
      const result = await decodeAudio(bad).catch((e: unknown) => e);
      // Damage to the first bytes hides the format itself: UNSUPPORTED_FORMAT.
      if (result instanceof AudioError)
        expect(['DECODE', 'UNSUPPORTED_FORMAT']).toContain(result.code);
      else {
        const pcm = result as DecodedPcm;
        expect(pcm.frames).toBeLessThanOrEqual(whole.frames);
        expect(peak(pcm)).toBeLessThan(0.75);
      }
    }
  });
});

function peak(pcm: DecodedPcm): number {
  let max = 0;
  for (const p of pcm.channels) for (const v of p) max = Math.max(max, Math.abs(v));
  return max;
}

function maxDiff(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}
