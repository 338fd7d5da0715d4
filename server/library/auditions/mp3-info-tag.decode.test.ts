// Gapless MP3 against the decoder the app uses (mpg123-decoder, gapless on by default): the
// tagged file must decode to exactly the samples that went in, at the same positions.
import { MPEGDecoder } from 'mpg123-decoder';
import { describe, expect, it } from 'vitest';
import { encodeMp3 } from '../../music/song-mp3.ts';
import { encodeAudition, toAuditionPcm } from './mp3-audition.ts';
import { DECODER_DELAY, LAME_ENCODER_DELAY, encodeGaplessMp3 } from './mp3-info-tag.ts';
import { readFrameHeader } from '../../../src/wasm/mpg123/mp3-frame-header.ts';
import { Rng } from '../../synth/prng.ts';

/** The rate of the mono streams below (the AI songs' and version-1 previews'): MPEG-2. */
const AUDITION_RATE = 22_050;

/** Decodes with a fresh mpg123, in one call or in slices of `slice` bytes (as the player does). */
async function decode(bytes: Uint8Array, options: { gapless?: boolean; slice?: number } = {}) {
  const decoder = new MPEGDecoder({ enableGapless: options.gapless ?? true });
  await decoder.ready;
  try {
    const step = options.slice ?? bytes.length;
    const parts: Float32Array[][] = [];
    let errors = 0;
    for (let at = 0; at < bytes.length; at += step) {
      const out = decoder.decode(bytes.subarray(at, at + step));
      errors += out.errors.length;
      parts.push(out.channelData.map((plane) => plane.subarray(0, out.samplesDecoded)));
    }
    const planes = [0, 1].map((c) => {
      const plane = new Float32Array(parts.reduce((n, p) => n + p[c]!.length, 0));
      let at = 0;
      for (const part of parts) {
        plane.set(part[c]!, at);
        at += part[c]!.length;
      }
      return plane;
    });
    return { planes, length: planes[0]!.length, errors };
  } finally {
    decoder.free();
  }
}

/** Smoothed noise at ~0.3 full scale with a full-scale click at `click`, as 16-bit PCM. */
function testSignal(length: number, seed: number, click: number): Int16Array {
  const rng = new Rng(seed);
  const pcm = new Int16Array(length);
  let smooth = 0;
  for (let i = 0; i < length; i++) {
    smooth = 0.6 * smooth + 0.4 * rng.range(-0.5, 0.5);
    pcm[i] = Math.round(smooth * 32767);
  }
  if (click < length) pcm[click] = 32767;
  return pcm;
}

/** Index of the largest |sample|. */
function peakIndex(plane: ArrayLike<number>): number {
  let best = -1;
  let at = -1;
  for (let i = 0; i < plane.length; i++)
    if (Math.abs(plane[i]!) > best) [best, at] = [Math.abs(plane[i]!), i];
  return at;
}

/** Lag (output position − input position) of the cross-correlation peak within ±maxLag. */
function bestLag(input: ArrayLike<number>, output: ArrayLike<number>, maxLag: number): number {
  let best = -Infinity;
  let bestAt = 0;
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    let sum = 0;
    for (let i = Math.max(0, -lag); i < input.length && i + lag < output.length; i++)
      sum += input[i]! * output[i + lag]!;
    if (sum > best) [best, bestAt] = [sum, lag];
  }
  return bestAt;
}

describe('gapless MP3 (LAME Info frame) decoded by mpg123', () => {
  it('gives back exactly the input length, aligned: a click at 1000 comes out at 1000', async () => {
    const input = testSignal(AUDITION_RATE, 7, 1000);
    const out = await decode(encodeGaplessMp3([input], AUDITION_RATE, 64));
    expect(out.errors).toBe(0);
    expect(out.length).toBe(input.length);
    expect(bestLag(input, out.planes[0]!, 1500)).toBe(0);
    // The click alone, so its position is not the noise's.
    const click = new Int16Array(AUDITION_RATE);
    click[1000] = 32767;
    const clickOut = await decode(encodeGaplessMp3([click], AUDITION_RATE, 64));
    expect(peakIndex(clickOut.planes[0]!)).toBe(1000);
  });

  it('without the tag frame the same stream is late by encoder delay + 529 and longer', async () => {
    const click = new Int16Array(AUDITION_RATE);
    click[1000] = 32767;
    const mp3 = encodeGaplessMp3([click], AUDITION_RATE, 64);
    const untagged = mp3.subarray(readFrameHeader(mp3, 0)!.length);
    const out = await decode(untagged);
    expect(peakIndex(out.planes[0]!)).toBe(1000 + LAME_ENCODER_DELAY + DECODER_DELAY);
    expect(out.length).toBeGreaterThan(click.length + LAME_ENCODER_DELAY + DECODER_DELAY);
    expect(out.length % 576).toBe(0);
  });

  it('is exact for every length, including 0, 1 and frame boundaries, in one call or in slices', async () => {
    for (const length of [0, 1, 575, 576, 577, 1151, 1152, 4000, 22_050 + 7]) {
      const input = testSignal(length, length, 100);
      const mp3 = encodeGaplessMp3([input], AUDITION_RATE, 64);
      const whole = await decode(mp3);
      expect([length, whole.length, whole.errors]).toEqual([length, length, 0]);
      const sliced = await decode(mp3, { slice: 500 });
      expect(sliced.length).toBe(length);
      expect(sliced.planes[0]).toEqual(whole.planes[0]);
    }
  });

  it('is exact when the tag frame needs a higher bitrate than the stream (40 kbit/s)', async () => {
    const input = testSignal(9000, 11, 1000);
    const out = await decode(encodeGaplessMp3([input], AUDITION_RATE, 40));
    expect([out.length, out.errors]).toEqual([9000, 0]);
    expect(bestLag(input, out.planes[0]!, 1500)).toBe(0);
  });

  it('keeps stereo channels apart and aligned (MPEG-1, 44.1 kHz, 128 kbit/s)', async () => {
    const left = new Int16Array(44_100);
    const right = new Int16Array(44_100);
    left[1000] = 32767;
    right[3000] = 32767;
    const out = await decode(encodeGaplessMp3([left, right], 44_100, 128));
    expect(out.length).toBe(44_100);
    expect(peakIndex(out.planes[0]!)).toBe(1000);
    expect(peakIndex(out.planes[1]!)).toBe(3000);
  });

  it('a stereo preview keeps the rate and both channels, joint stereo, lag 0 on each', async () => {
    // A cymbal-like image: a shared signal and a side 20 dB under it, which LAME codes as M/S.
    const rng = new Rng(3);
    const shared = Float32Array.from({ length: 48_000 }, () => rng.range(-0.3, 0.3));
    const source = [1, -1].map((sign) => shared.map((x) => x + sign * 0.03 * rng.range(-1, 1)));
    const pcm = toAuditionPcm(source, 48_000);
    const mp3 = encodeAudition(source, 48_000);
    const first = readFrameHeader(mp3, 0)!;
    const audio = readFrameHeader(mp3, first.length)!;
    expect([audio.sampleRate, audio.kbps, audio.channelMode]).toEqual([48_000, 192, 1]);
    let midSide = 0;
    for (let at = first.length, frame; (frame = readFrameHeader(mp3, at)); at += frame.length)
      if (((mp3[at + 3]! >> 4) & 3) === 0b10) midSide++; // mode extension: MS on, intensity off
    expect(midSide).toBeGreaterThan(30); // of the 42 frames
    const out = await decode(mp3);
    expect([out.errors, out.length, pcm.rate]).toEqual([0, 48_000, 48_000]);
    expect(bestLag(pcm.channels[0]!, out.planes[0]!, 1500)).toBe(0);
    expect(bestLag(pcm.channels[1]!, out.planes[1]!, 1500)).toBe(0);
  });

  it('a mono preview is mono at the source rate and half the bitrate', async () => {
    const source = [Float32Array.from({ length: 44_100 }, (_, i) => 0.5 * Math.sin(i / 9))];
    const mp3 = encodeAudition(source, 44_100);
    const audio = readFrameHeader(mp3, readFrameHeader(mp3, 0)!.length)!;
    expect([audio.sampleRate, audio.kbps, audio.channelMode]).toEqual([44_100, 96, 3]);
    const out = await decode(mp3);
    expect(out.length).toBe(44_100);
    expect(bestLag(toAuditionPcm(source, 44_100).channels[0]!, out.planes[0]!, 1500)).toBe(0);
  });

  it('a 96 kHz source is previewed at 48 kHz, 22.05 kHz at 44.1 kHz, and four channels as two', async () => {
    const tone = (n: number) => Float32Array.from({ length: n }, (_, i) => 0.4 * Math.sin(i / 5));
    expect(toAuditionPcm([tone(96_000)], 96_000).rate).toBe(48_000);
    expect(toAuditionPcm([tone(96_000)], 96_000).channels[0]!.length).toBe(48_000);
    expect(toAuditionPcm([tone(22_050)], 22_050).rate).toBe(44_100);
    const four = toAuditionPcm([tone(4800), tone(4800), tone(4800), tone(4800)], 48_000);
    expect(four.channels).toHaveLength(2);
    const out = await decode(encodeAudition([tone(4800), tone(4800), tone(4800)], 32_000));
    expect(out.errors).toBe(0);
  });

  it('an AI song (encodeMp3) decodes to its own length', async () => {
    const pcm = Float32Array.from({ length: 33_333 }, (_, i) => 0.5 * Math.sin(i / 7));
    const out = await decode(encodeMp3(pcm, 22_050, 64));
    expect(out.length).toBe(pcm.length);
    expect(bestLag(pcm, out.planes[0]!, 1500)).toBe(0);
  });

  it('with gapless off mpg123 skips the tag frame; read as audio, it is one frame of silence', async () => {
    const input = testSignal(10_000, 5, 1000);
    const mp3 = encodeGaplessMp3([input], AUDITION_RATE, 64);
    const late = 1000 + LAME_ENCODER_DELAY + DECODER_DELAY;
    const untrimmed = await decode(mp3, { gapless: false });
    expect(untrimmed.errors).toBe(0);
    expect(peakIndex(untrimmed.planes[0]!)).toBe(late);
    // A decoder that knows no Info tag decodes the frame: it must be a valid, silent one.
    const unknown = mp3.slice();
    unknown.set([0x58, 0x58, 0x58, 0x58], 4 + 9);
    const out = await decode(unknown, { gapless: false });
    expect(out.errors).toBe(0);
    expect(out.length).toBe(untrimmed.length + 576);
    expect(out.planes[0]!.subarray(0, 576).every((s) => s === 0)).toBe(true);
    expect(peakIndex(out.planes[0]!)).toBe(576 + late);
  });

  it('leaves a stream untagged when lamejs resampled it (8 kbit/s at 11.025 kHz → 8 kHz)', async () => {
    const mp3 = encodeGaplessMp3([testSignal(11_025, 9, 500)], 11_025, 8);
    expect(readFrameHeader(mp3, 0)!.sampleRate).toBe(8000);
    expect(new TextDecoder().decode(mp3.subarray(13, 17))).not.toBe('Info');
    const out = await decode(mp3);
    expect(out.errors).toBe(0);
    expect(out.length).toBeGreaterThan(0);
  });
});
