import { describe, expect, it } from 'vitest';
import { readStoredWav } from '../library/auditions/read-stored-wav.ts';
import { encodeWav, type WavBitDepth } from './wav-writer.ts';

/** A minimal RIFF/WAVE reader for the round trip: walks the chunks, decodes PCM to floats. */
function parseWav(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  expect(text(0)).toBe('RIFF');
  expect(view.getUint32(4, true)).toBe(bytes.byteLength - 8);
  expect(text(8)).toBe('WAVE');
  let at = 12;
  let format: { channels: number; sampleRate: number; bitDepth: number; byteRate: number } | null =
    null;
  while (at + 8 <= bytes.byteLength) {
    const id = text(at);
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ') {
      expect(view.getUint16(at + 8, true)).toBe(1);
      format = {
        channels: view.getUint16(at + 10, true),
        sampleRate: view.getUint32(at + 12, true),
        byteRate: view.getUint32(at + 16, true),
        bitDepth: view.getUint16(at + 22, true),
      };
      expect(view.getUint16(at + 20, true)).toBe((format.channels * format.bitDepth) / 8);
    } else if (id === 'data') {
      if (!format) throw new Error('data before fmt');
      const bytesPer = format.bitDepth / 8;
      const frames = size / (bytesPer * format.channels);
      const channels = Array.from({ length: format.channels }, () => new Float32Array(frames));
      for (let i = 0; i < frames; i++)
        for (let c = 0; c < format.channels; c++) {
          const p = at + 8 + (i * format.channels + c) * bytesPer;
          const v =
            format.bitDepth === 16
              ? view.getInt16(p, true) / 32767
              : (((bytes[p + 2]! << 24) | (bytes[p + 1]! << 16) | (bytes[p]! << 8)) >> 8) / 8388607;
          channels[c]![i] = v;
        }
      return { ...format, channels };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

function tone(frames: number, freq: number, gain: number): Float32Array {
  return Float32Array.from(
    { length: frames },
    (_, i) => gain * Math.sin((2 * Math.PI * freq * i) / 44100),
  );
}

describe('encodeWav', () => {
  for (const bitDepth of [16, 24] as WavBitDepth[])
    for (const count of [1, 2])
      it(`round-trips ${bitDepth}-bit ${count === 1 ? 'mono' : 'stereo'} through a parser`, () => {
        const input = Array.from({ length: count }, (_, c) =>
          tone(1001, 440 * (c + 1), 0.9 - c * 0.3),
        );
        const parsed = parseWav(encodeWav(input, bitDepth === 16 ? 44100 : 48000, bitDepth));
        expect(parsed.channels).toHaveLength(count);
        expect(parsed.bitDepth).toBe(bitDepth);
        expect(parsed.sampleRate).toBe(bitDepth === 16 ? 44100 : 48000);
        expect(parsed.byteRate).toBe(parsed.sampleRate * count * (bitDepth / 8));
        const tolerance = bitDepth === 16 ? 1 / 32767 : 1 / 8388607;
        for (let c = 0; c < count; c++) {
          expect(parsed.channels[c]).toHaveLength(1001);
          let worst = 0;
          for (let i = 0; i < 1001; i++)
            worst = Math.max(worst, Math.abs(parsed.channels[c]![i]! - input[c]![i]!));
          expect(worst).toBeLessThanOrEqual(tolerance);
        }
      });

  it('clamps samples beyond full scale instead of wrapping around', () => {
    const parsed = parseWav(encodeWav([Float32Array.from([1.5, -2, 0.5])], 44100, 24));
    expect([...parsed.channels[0]!].map((v) => Math.round(v * 1000) / 1000)).toEqual([1, -1, 0.5]);
  });

  it('pads an odd-sized data chunk to an even length', () => {
    const bytes = encodeWav([new Float32Array(3)], 44100, 24);
    expect(bytes.byteLength % 2).toBe(0);
    expect(parseWav(bytes).channels[0]).toHaveLength(3);
  });

  it('rejects channels of different lengths and empty input', () => {
    expect(() => encodeWav([new Float32Array(2), new Float32Array(3)], 44100, 16)).toThrow(
      /length/,
    );
    expect(() => encodeWav([], 44100, 16)).toThrow(/channel/);
  });

  it('is read back by readStoredWav on its own full scale, which rejects what is not integer PCM WAV', () => {
    const input = [tone(500, 220, 0.5), tone(500, 330, -0.25)];
    for (const bitDepth of [16, 24] as WavBitDepth[]) {
      const { channels, sampleRate } = readStoredWav(encodeWav(input, 48000, bitDepth));
      expect(sampleRate).toBe(48000);
      expect(channels).toHaveLength(2);
      const fullScale = 2 ** (bitDepth - 1) - 1;
      // Exactly the written integer over the writer's full scale: a deferred audition is encoded
      // from the same floats as ever.
      for (const [c, i] of [
        [0, 7],
        [1, 100],
        [1, 499],
      ] as const) {
        const written = Math.round(input[c]![i]! * fullScale);
        expect(channels[c]![i]).toBe(Math.fround(written / fullScale));
      }
    }
    expect(() => readStoredWav(new TextEncoder().encode('not a wav file at all'))).toThrow(/WAV/);
    const float = encodeWav([tone(10, 1, 1)], 44100, 16);
    new DataView(float.buffer).setUint16(20, 3, true);
    expect(() => readStoredWav(float)).toThrow(/not supported/);
  });
});
