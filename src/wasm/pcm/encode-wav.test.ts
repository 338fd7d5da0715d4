// The as-heard WAV writer (src/shared/audio/encode-wav.ts) read back by our own WAV decoder.
import { describe, expect, it } from 'vitest';
import { encodeWav, wavDepthOf } from '../../shared/audio/encode-wav.ts';
import { decodeWav } from './decode-wav.ts';

const tone = (frames: number, hz: number, rate: number, gain = 0.8) =>
  Float32Array.from({ length: frames }, (_, i) => gain * Math.sin((2 * Math.PI * hz * i) / rate));

describe('encodeWav', () => {
  for (const depth of [8, 16, 24, 32, 'float'] as const)
    it(`writes ${depth}-bit stereo that decodes to the same samples`, () => {
      const planes = [tone(1001, 440, 48000), tone(1001, 660, 48000, -0.5)];
      const pcm = decodeWav(encodeWav(planes, 48000, depth));
      expect(pcm.sampleRate).toBe(48000);
      expect(pcm.channels).toHaveLength(2);
      expect(pcm.channels[0]).toHaveLength(1001);
      expect(pcm.bitDepth).toBe(depth === 'float' ? 32 : depth);
      const lsb = depth === 'float' ? 1e-7 : 2 / 2 ** depth;
      for (let c = 0; c < 2; c++)
        for (let i = 0; i < 1001; i++)
          expect(Math.abs(pcm.channels[c]![i]! - planes[c]![i]!)).toBeLessThanOrEqual(lsb);
    });

  it('clips beyond full scale instead of wrapping', () => {
    const pcm = decodeWav(encodeWav([Float32Array.of(1.5, -1.5, 1)], 44100, 16));
    expect(pcm.channels[0]![0]).toBeCloseTo(32767 / 32768, 6);
    expect(pcm.channels[0]![1]).toBe(-1);
  });

  it('refuses what it cannot write', () => {
    expect(() => encodeWav([], 44100, 16)).toThrow(/no channels/);
    expect(() => encodeWav([new Float32Array(2), new Float32Array(3)], 44100, 16)).toThrow(
      /unequal/,
    );
    expect(() => encodeWav([new Float32Array(2)], 0, 16)).toThrow(/sample rate/);
  });

  it('keeps the source depth, 24-bit when it is unknown', () => {
    expect(wavDepthOf(16)).toBe(16);
    expect(wavDepthOf(null)).toBe(24);
    expect(wavDepthOf(12)).toBe(24);
    expect(wavDepthOf(32, true)).toBe('float');
  });
});
