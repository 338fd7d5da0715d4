import { it } from 'vitest';
import { cents, onsetsNear, toneHz } from './synced-voice.testing.ts';

const RATE = 44100;
function clicks(bpm: number, beats: number, rate = RATE): Float32Array {
  const out = new Float32Array(Math.round((beats * 60 * rate) / bpm));
  let seed = 7;
  for (let b = 0; b < beats; b++) {
    const at = Math.round((b * 60 * rate) / bpm);
    for (let i = 0; i < 0.02 * rate; i++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      out[at + i] = 0.9 * (seed / 2 ** 31 - 1) * Math.exp(-i / (0.003 * rate));
    }
  }
  return out;
}
const buf = (x: Float32Array) => {
  const b = new AudioBuffer({ length: x.length, numberOfChannels: 1, sampleRate: RATE });
  b.copyToChannel(x as Float32Array<ArrayBuffer>, 0);
  return b;
};

it('debug', async () => {
  const configs = [
    { blockMs: 60, intervalMs: 10 },
    { blockMs: 70, intervalMs: 10 },
    { blockMs: 80, intervalMs: 10 },
    { blockMs: 90, intervalMs: 10 },
    { blockMs: 100, intervalMs: 12.5 },
    { blockMs: 80, intervalMs: 8 },
  ];
  for (const cfg of configs) {
    (globalThis as any).__stretchConfig = cfg;
    const mod = await import('./render-as-heard.ts');
    const line: string[] = [JSON.stringify(cfg)];
    for (const st of [0, 3, -5]) {
      const x = Float32Array.from(
        { length: 2 * RATE },
        (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / RATE),
      );
      const out = (
        await mod.renderAsHeard(buf(x), { rate: 1, semitones: st }, { loop: true })
      ).getChannelData(0);
      if (st === 0) {
        let i = 0;
        while (Math.abs(out[i]!) < 0.01) i++;
        line.push(`first ${((i / RATE) * 1000).toFixed(1)}ms`);
      }
      line.push(
        `${st}: ${cents(toneHz(out, RATE, 0.3 * RATE, 1.7 * RATE), 440 * 2 ** (st / 12)).toFixed(2)}c`,
      );
    }
    const src = clicks(93, 8);
    const rate = 120 / 93;
    const out = (
      await mod.renderAsHeard(buf(src), { rate, semitones: 0 }, { loop: true, passes: 2 })
    ).getChannelData(0);
    const grid = Array.from({ length: 16 }, (_, b) => b * 0.5);
    const ref = onsetsNear(
      src,
      RATE,
      grid.slice(0, 8).map((t) => (t * 120) / 93),
    );
    const own = ref.map((t, b) => t - (b * 60) / 93);
    const heard = onsetsNear(out, RATE, grid);
    const errs = heard.map((t, b) => (t - grid[b]! - own[b % 8]! / rate) * 1000);
    line.push(
      `onsets max ${Math.max(...errs.slice(1).map(Math.abs)).toFixed(2)} [${errs.map((e) => e.toFixed(1)).join(' ')}]`,
    );
    console.log(line.join(' | '));
  }
}, 120000);
