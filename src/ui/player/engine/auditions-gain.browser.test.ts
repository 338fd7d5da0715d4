// The auditions' gain bus (matched loudness, docs/AUDIO.md "My beat"), rendered offline: a start
// without a gain plays at full level after one with; a start at the gain already pending for a
// bar line still waiting gets it at once (a start at the gain in force schedules nothing).
import { describe, expect, it } from 'vitest';
import { at, engineWith, RATE, rms, tone } from './testing/offline-render.ts';

describe('the auditions’ gain', () => {
  it('follows each start’s gain, from its own start time', async () => {
    const { ctx, engine, track } = await engineWith(tone(2, RATE), RATE, 1);
    const start = (options: { gain?: number; at?: number } = {}) =>
      engine.start(track, 0, { fadeIn: false, onEnded: () => {}, ...options });
    start({ gain: 0.5 });
    at(ctx, 0.3, () => start());
    // A start waiting for its line at 0.8 s, replaced at 0.65 s by one at once at the same gain.
    at(ctx, 0.6, () => start({ gain: 0.25, at: 0.8 }));
    at(ctx, 0.65, () => start({ gain: 0.25 }));
    const out = (await ctx.startRendering()).getChannelData(0);
    const full = rms(out, 0.4, 0.55);
    expect(full).toBeGreaterThan(0.1);
    expect(rms(out, 0.1, 0.25) / full).toBeCloseTo(0.5, 2);
    expect(rms(out, 0.72, 0.78) / full).toBeCloseTo(0.25, 2);
    expect(rms(out, 0.85, 0.95) / full).toBeCloseTo(0.25, 2);
  });
});
