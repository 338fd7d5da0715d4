import { describe, expect, it } from 'vitest';
import { EMBEDDING_SIZE } from '../analysis/index.ts';
import { buildWav } from '../wasm/testing/audio-fixtures.ts';
import { analyseFile } from './analyse-file.ts';

/** A 2 s stereo tone with a click every half second, as 16-bit WAV. */
function wav(seconds = 2): Uint8Array {
  const rate = 44100;
  const planes = [0, 1].map(() =>
    Float32Array.from({ length: seconds * rate }, (_, i) => {
      const t = i / rate;
      return 0.2 * Math.sin(2 * Math.PI * 440 * t) + (t % 0.5 < 0.01 ? 0.5 : 0);
    }),
  );
  return buildWav(planes, { encoding: 'int', bits: 16 });
}

describe('analyseFile', () => {
  it('decodes a WAV and returns its measures and an embedding of EMBEDDING_SIZE', async () => {
    const result = await analyseFile(wav());
    expect(result.format).toBe('wav');
    expect(result.duration).toBeCloseTo(2, 3);
    expect(result.embedding).toHaveLength(EMBEDDING_SIZE);
    expect(['oneshot', 'loop']).toContain(result.kind);
    expect(result.timings.analyse).toBeGreaterThanOrEqual(0);
  });

  it('refuses text as not audio, a tiny file as too short, a damaged WAV as a decode failure', async () => {
    const text = new TextEncoder().encode('not a sound\n'.repeat(200));
    await expect(analyseFile(text)).rejects.toMatchObject({ code: 'UNSUPPORTED_FORMAT' });
    await expect(analyseFile(wav().slice(0, 500))).rejects.toMatchObject({ code: 'INVALID_AUDIO' });
    const zip = new Uint8Array(4096);
    zip.set([0x50, 0x4b, 0x03, 0x04]);
    await expect(analyseFile(zip)).rejects.toMatchObject({ code: 'UNSUPPORTED_FORMAT' });
    const damaged = wav().slice(0, 4096);
    damaged.fill(0xff, 12, 40);
    await expect(analyseFile(damaged)).rejects.toMatchObject({ code: 'DECODE' });
  });
});
