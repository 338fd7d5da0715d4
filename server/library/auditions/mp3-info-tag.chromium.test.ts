// What Chromium's own MP3 path (FFmpeg: decodeAudioData and <audio>) does with the Info frame:
// public audition links play through it, and the bench's baselines use it.
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeAudition } from './mp3-audition.ts';
import { encodeGaplessMp3, scanMp3Frames } from './mp3-info-tag.ts';
import { readFrameHeader } from '../../../src/wasm/mpg123/mp3-frame-header.ts';

const RATE = 22_050;

// Server code may not import tests/testing: the same Debian Chromium and the flags it needs here.
const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
};

/** The browser globals the page function uses (server code compiles without the DOM library). */
interface PageGlobals {
  OfflineAudioContext: new (
    channels: number,
    length: number,
    rate: number,
  ) => {
    decodeAudioData(data: ArrayBuffer): Promise<{
      length: number;
      getChannelData(channel: number): Float32Array;
    }>;
  };
  Audio: new (url: string) => {
    duration: number;
    onloadedmetadata: (() => void) | null;
    onerror: (() => void) | null;
  };
  Blob: new (parts: Uint8Array[], options: { type: string }) => object;
  URL: { createObjectURL(blob: object): string; revokeObjectURL(url: string): void };
}

/** One second of a quiet 440 Hz tone with a full-scale click at sample 1000. */
function clickSignal(): Int16Array {
  const pcm = Int16Array.from({ length: RATE }, (_, i) =>
    Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / RATE)),
  );
  pcm[1000] = 32767;
  return pcm;
}

/** decodeAudioData at the file's rate (no resampling) and the <audio> element's duration. */
function inChromium(page: Page, bytes: Uint8Array) {
  return page.evaluate(async (data) => {
    const { OfflineAudioContext, Audio, Blob, URL } = globalThis as unknown as PageGlobals;
    const file = new Uint8Array(data);
    const buffer = await new OfflineAudioContext(1, 1, 22_050).decodeAudioData(file.slice().buffer);
    const samples = buffer.getChannelData(0);
    let click = 0;
    for (let i = 1; i < samples.length; i++)
      if (Math.abs(samples[i]!) > Math.abs(samples[click]!)) click = i;
    const url = URL.createObjectURL(new Blob([file], { type: 'audio/mpeg' }));
    const audio = new Audio(url);
    await new Promise<void>((resolve, reject) => {
      audio.onloadedmetadata = resolve;
      audio.onerror = () => reject(new Error('the <audio> element refused the file'));
    });
    URL.revokeObjectURL(url);
    return { length: buffer.length, click, elementDuration: audio.duration };
  }, Array.from(bytes));
}

describe('gapless MP3 in Chromium (FFmpeg)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await chromium.launch(LAUNCH);
    page = await browser.newPage();
    await page.setContent('<!doctype html><title>mp3</title>');
  });
  afterAll(() => browser?.close());

  it('decodeAudioData and <audio> trim delay and padding: exact length, click at 1000', async () => {
    const tagged = encodeGaplessMp3([clickSignal()], RATE, 64);
    expect(await inChromium(page, tagged)).toEqual({
      length: RATE,
      click: 1000,
      elementDuration: 1,
    });
  });

  it('the same frames without the tag start 576 + 529 samples late and run on', async () => {
    const tagged = encodeGaplessMp3([clickSignal()], RATE, 64);
    const untagged = tagged.subarray(readFrameHeader(tagged, 0)!.length);
    const result = await inChromium(page, untagged);
    expect(result.click).toBe(1000 + 576 + 529);
    expect(result.length).toBe(scanMp3Frames(untagged).frames * 576);
    expect(result.elementDuration).toBeCloseTo(result.length / RATE, 2);
  });

  it('a joint-stereo preview (mid/side frames) decodes to both channels apart, gapless', async () => {
    const rate = 44_100;
    const tone = (i: number) => 0.1 * Math.sin((2 * Math.PI * 440 * i) / rate);
    const left = Float32Array.from({ length: rate }, (_, i) => tone(i));
    const right = Float32Array.from({ length: rate }, (_, i) => -tone(i));
    left[1000] = 0.9;
    const result = await page.evaluate(
      async (data) => {
        const { OfflineAudioContext } = globalThis as unknown as PageGlobals;
        const file = new Uint8Array(data).buffer;
        const buffer = await new OfflineAudioContext(2, 1, 44_100).decodeAudioData(file);
        const peak = (samples: Float32Array) => {
          let at = 0;
          for (let i = 1; i < samples.length; i++)
            if (Math.abs(samples[i]!) > Math.abs(samples[at]!)) at = i;
          return { at, value: Math.abs(samples[at]!) };
        };
        return {
          length: buffer.length,
          left: peak(buffer.getChannelData(0)),
          right: peak(buffer.getChannelData(1)),
        };
      },
      Array.from(encodeAudition([left, right], rate)),
    );
    expect(result.length).toBe(rate);
    expect(result.left.at).toBe(1000);
    expect(result.left.value).toBeGreaterThan(0.6);
    // The right channel is the tone in opposite phase (all side): no click, its own level.
    expect(result.right.value).toBeGreaterThan(0.07);
    expect(result.right.value).toBeLessThan(0.2);
  });
});
