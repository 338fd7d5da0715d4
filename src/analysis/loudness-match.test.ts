/**
 * The loudness match (src/shared/audio/loudness-match.ts) on rendered signals: measured with the
 * analysis' own BS.1770 meter, scaled by the gain, measured again: within ±1 LU of the target,
 * and the true peak at or under −1 dBTP.
 */
import { describe, expect, it } from 'vitest';
import { matchGain, TRUE_PEAK_CEILING_DB } from '../shared/audio/loudness-match.ts';
import { integratedLoudness, truePeakDb } from './loudness.ts';

const RATE = 48_000;

/** A few seconds of a stereo signal: a chord, pink-ish noise, or clicks, at `level`. */
function render(kind: 'chord' | 'noise' | 'clicks', level: number, seconds = 3): Float32Array[] {
  const n = seconds * RATE;
  const x = new Float32Array(n);
  let seed = 12345;
  let low = 0;
  for (let i = 0; i < n; i++) {
    const t = i / RATE;
    if (kind === 'chord')
      x[i] = (Math.sin(2 * Math.PI * 220 * t) + Math.sin(2 * Math.PI * 277 * t)) / 2;
    else {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const white = seed / 2 ** 31 - 1;
      low = 0.95 * low + 0.05 * white;
      x[i] =
        kind === 'noise'
          ? white * 0.3 + low
          : white * Math.exp(-((i % (RATE / 2)) / (0.01 * RATE)));
    }
  }
  let peak = 0;
  for (const v of x) peak = Math.max(peak, Math.abs(v));
  for (let i = 0; i < n; i++) x[i]! *= level / peak;
  return [x, x.slice()];
}

const scaled = (planes: Float32Array[], gain: number) => planes.map((p) => p.map((v) => v * gain));

describe('matched loudness on rendered signals', () => {
  const cases = [
    ['a quiet chord', render('chord', 0.05)],
    ['a loud chord', render('chord', 0.95)],
    ['noise', render('noise', 0.5)],
    ['clicks', render('clicks', 0.2)],
  ] as const;
  for (const target of [-14, -9, -20])
    for (const [name, planes] of cases)
      it(`${name} plays at ${target} LUFS, or as near as −1 dBTP lets it`, () => {
        const stored = { lufs: integratedLoudness(planes, RATE), truePeakDb: truePeakDb(planes) };
        const out = scaled(planes, matchGain(stored, target));
        const lufs = integratedLoudness(out, RATE);
        const peak = truePeakDb(out);
        expect(peak).toBeLessThanOrEqual(TRUE_PEAK_CEILING_DB + 0.01);
        // Short of the target only where the peak ceiling stopped it.
        if (peak < TRUE_PEAK_CEILING_DB - 0.01)
          expect(Math.abs(lufs - target)).toBeLessThanOrEqual(1);
        else expect(lufs).toBeLessThanOrEqual(target + 1);
      });

  it('a −14 target is met exactly by a sound with headroom', () => {
    const planes = render('chord', 0.05);
    const stored = { lufs: integratedLoudness(planes, RATE), truePeakDb: truePeakDb(planes) };
    expect(stored.lufs).toBeLessThan(-25);
    const lufs = integratedLoudness(scaled(planes, matchGain(stored)), RATE);
    expect(Math.abs(lufs + 14)).toBeLessThanOrEqual(1);
  });
});
