// LAME 3.100 from @ffmpeg/core, as the previews use it: exact length through mpg123 (the app's
// decoder) whatever padding the last frame needs, the low-pass off, and clear errors.
import { MPEGDecoder } from 'mpg123-decoder';
import { describe, expect, it } from 'vitest';
import { encodeLameMp3 } from './mp3-lame-core.ts';
import { Rng } from '../../synth/prng.ts';

/** White noise at ~0.25 full scale, as 16-bit PCM. */
function noise(length: number, rng: Rng): Int16Array {
  return Int16Array.from({ length }, () => Math.round(rng.range(-8000, 8000)));
}

async function decode(mp3: Uint8Array): Promise<Float32Array[]> {
  const decoder = new MPEGDecoder({ enableGapless: true });
  await decoder.ready;
  try {
    const out = decoder.decode(mp3);
    expect(out.errors).toEqual([]);
    return out.channelData.map((plane) => plane.slice(0, out.samplesDecoded));
  } finally {
    decoder.free();
  }
}

describe('LAME 3.100 (ffmpeg.wasm) MP3', () => {
  it('decodes to exactly the samples given, including paddings over 1681 (FFmpeg’s own tag cap)', async () => {
    const rng = new Rng(7);
    // 23 041 needs 1727 samples of padding, 29 988 1692; 23 040 ends on a frame.
    for (const length of [23_041, 29_988, 23_040, 777]) {
      const pcm = [noise(length, rng), noise(length, rng)];
      pcm[0]![500] = 32_000;
      const planes = await decode(encodeLameMp3(pcm, 48_000, 192));
      expect(planes[0]!.length, `${length} samples`).toBe(length);
      let peak = 0;
      for (let i = 1; i < 1000; i++)
        if (Math.abs(planes[0]![i]!) > Math.abs(planes[0]![peak]!)) peak = i;
      expect(peak, `${length} samples`).toBe(500);
    }
  });

  it('keeps the octave above 18.6 kHz (lamejs’s low-pass at 192 kbit/s)', async () => {
    // A 20 kHz tone at 44.1 kHz: lamejs's low-pass removes it, LAME with `-cutoff -1` keeps it.
    const tone = Int16Array.from({ length: 44_100 }, (_, i) =>
      Math.round(8000 * Math.sin((2 * Math.PI * 20_000 * i) / 44_100)),
    );
    const [plane] = await decode(encodeLameMp3([tone], 44_100, 96));
    let energy = 0;
    for (let i = 4410; i < 40_000; i++) energy += plane![i]! ** 2;
    const rms = Math.sqrt(energy / (40_000 - 4410)) * 32_768;
    expect(rms).toBeGreaterThan((8000 / Math.SQRT2) * 0.7);
  });

  it('encodes a hundred previews in a row on one thread (an instance traps after ~65)', () => {
    const pcm = [noise(1000, new Rng(9))];
    for (let i = 0; i < 100; i++) expect(encodeLameMp3(pcm, 44_100, 96).length).toBeGreaterThan(0);
  });

  it('refuses no channels, three channels and an empty signal with a clear error', () => {
    expect(() => encodeLameMp3([], 44_100, 96)).toThrow(/1 or 2 channels/);
    const one = new Int16Array(100);
    expect(() => encodeLameMp3([one, one, one], 44_100, 96)).toThrow(/1 or 2 channels/);
    expect(() => encodeLameMp3([new Int16Array(0)], 44_100, 96)).toThrow(/at least one sample/);
  });
});
