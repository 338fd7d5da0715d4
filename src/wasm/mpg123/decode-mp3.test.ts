import { MPEGDecoder } from 'mpg123-decoder';
import { describe, expect, it } from 'vitest';
import { decodeSegmentHere } from '../decode-audio.ts';
import { decodeSplit } from '../split-decode.ts';
import { lameEncode, testSignal, withId3v2, withLameInfo } from '../testing/split-fixtures.ts';
import { decodeMp3 } from './decode-mp3.ts';
import { mp3SampleBound, splitMp3 } from './split-mp3.ts';

/** The library's own whole-file decode, on a fresh instance: the reference. */
async function libraryDecode(bytes: Uint8Array) {
  const d = new MPEGDecoder();
  await d.ready;
  const out = d.decode(bytes);
  d.free();
  return out;
}

describe('decodeMp3 on one instance per thread', () => {
  it('starts every file fresh: after a gapless file and one cut mid-frame, the next decodes as on a new instance', async () => {
    const gapless = withLameInfo(
      lameEncode(testSignal(2, 2 * 44100, 44100), 44100, 192),
      576,
      1000,
    );
    const plain = lameEncode(testSignal(2, 44100, 44100), 44100, 128);
    const cut = plain.subarray(0, Math.floor(plain.length / 2) + 101);
    await decodeMp3(gapless);
    await decodeMp3(cut);
    const reference = await libraryDecode(plain);
    // Whole-file and progressive reads alike (the progressive one hands slices out as it goes).
    const whole = await decodeMp3(plain);
    await decodeMp3(cut, { onChunk: () => {} });
    const sliced = await decodeMp3(plain, { onChunk: () => {} });
    for (const pcm of [whole, sliced]) {
      expect(pcm.frames).toBe(reference.samplesDecoded);
      pcm.channels.forEach((plane, c) => expect(plane).toEqual(reference.channelData[c]));
    }
  });
});

describe('decodeMp3 reading straight into sized planes', () => {
  it.each([
    { name: 'stereo 192 kbit/s with a LAME Info frame', ch: 2, kbps: 192, info: true },
    { name: 'stereo 128 kbit/s, ID3v2 tag, no Info frame', ch: 2, kbps: 128, id3: true },
    { name: 'mono 64 kbit/s', ch: 1, kbps: 64 },
  ])('gives the library’s samples: $name', async ({ ch, kbps, info, id3 }) => {
    let bytes = lameEncode(testSignal(ch, 3 * 44100, 44100), 44100, kbps);
    if (info) bytes = withLameInfo(bytes, 576, 1000);
    if (id3) bytes = withId3v2(bytes);
    const bound = mp3SampleBound(bytes)!;
    const pcm = await decodeMp3(bytes);
    const reference = await libraryDecode(bytes);
    expect(pcm.frames).toBe(reference.samplesDecoded);
    expect(pcm.frames).toBeLessThanOrEqual(bound);
    // Planes sized from the frame walk: no growing, no second copy.
    expect(pcm.channels[0]!.buffer.byteLength).toBe(bound * 4);
    expect(pcm.channels.length).toBe(ch);
    pcm.channels.forEach((plane, c) => expect(plane).toEqual(reference.channelData[c]));
  });

  it('the bound counts every frame (tag frame included); null when the frames do not walk', () => {
    const bytes = lameEncode(testSignal(2, 44100, 44100), 44100, 128);
    const bound = mp3SampleBound(bytes)!;
    expect(bound % 1152).toBe(0);
    expect(bound).toBeGreaterThanOrEqual(44100);
    expect(mp3SampleBound(withLameInfo(bytes, 576, 1000))).toBe(bound + 1152);
    const junk = bytes.slice();
    junk.fill(0x20, 5000, 5400);
    expect(mp3SampleBound(junk)).toBeNull();
  });

  it('a file whose frames do not walk decodes as before, through the library’s decode', async () => {
    const bytes = lameEncode(testSignal(2, 44100, 44100), 44100, 128);
    const junk = bytes.slice();
    junk.fill(0x20, 5000, 5400);
    const pcm = await decodeMp3(junk);
    const reference = await libraryDecode(junk);
    expect(pcm.frames).toBe(reference.samplesDecoded);
    pcm.channels.forEach((plane, c) => expect(plane).toEqual(reference.channelData[c]));
  });

  it('a split file’s head gets room for the whole file: the join adds the tail in place', async () => {
    const signal = testSignal(2, 10 * 44100, 44100);
    const bytes = withLameInfo(lameEncode(signal, 44100, 192), 576, 1000);
    const plan = splitMp3(bytes)!;
    let headBuffer: ArrayBufferLike | undefined;
    const local = async (b: Uint8Array, frames?: number) => {
      const pcm = await decodeSegmentHere(b, 'mp3', frames);
      headBuffer ??= pcm.channels[0]!.buffer;
      return pcm;
    };
    const pcm = (await decodeSplit(plan, 'mp3', local, decodeSegmentHere))!;
    expect(pcm.frames).toBe(plan.headFrames + plan.tailFrames);
    expect(pcm.channels[0]!.buffer).toBe(headBuffer);
    const whole = await decodeMp3(bytes);
    expect(pcm.frames).toBe(whole.frames);
    let max = 0;
    pcm.channels.forEach((p, c) => {
      for (let i = 0; i < p.length; i++)
        max = Math.max(max, Math.abs(p[i]! - whole.channels[c]![i]!));
    });
    // Within the split tests' tolerance (the tail's filterbank phase changes float rounding).
    expect(max).toBeLessThanOrEqual(1e-6);
  });

  it('takes its planes from the plane source, at the frame walk’s bound', async () => {
    const bytes = lameEncode(testSignal(2, 44100, 44100), 44100, 128);
    const sizes: number[] = [];
    const buffers: ArrayBufferLike[] = [];
    const pcm = await decodeMp3(bytes, {
      takePlane: (frames) => {
        sizes.push(frames);
        const plane = new Float32Array(frames);
        buffers.push(plane.buffer);
        return plane;
      },
    });
    expect(sizes).toEqual([mp3SampleBound(bytes), mp3SampleBound(bytes)]);
    pcm.channels.forEach((plane, c) => expect(plane.buffer).toBe(buffers[c]));
    const reference = await libraryDecode(bytes);
    pcm.channels.forEach((plane, c) => expect(plane).toEqual(reference.channelData[c]));
  });
});
