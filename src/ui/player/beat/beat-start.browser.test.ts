// A synced loop started on my beat's bar line, rendered offline in Chromium through the real
// stretch voice (docs/AUDIO.md, "My beat"): scheduled ahead, it runs from a pre-roll with no
// lead, so its first downbeat lands on the bar line and, stretched at the locked rate, it is
// still on the beat's grid 8 bars later.
import { describe, expect, it } from 'vitest';
import { driftAfterBars, lockedRate, nextGridTime } from '../../../shared/audio/beat-grid.ts';
import { tempoRate } from '../../../shared/audio/sync-params.ts';
import { SyncedVoices } from '../engine/synced-voices.ts';
import { onsetsNear } from '../engine/testing/synced-voice.ts';
import { loadFadeWorklet } from '../engine/voice-nodes.ts';

const RATE = 44100;

/** Two bars of clicks at `bpm` (a click on every beat: 20 ms of decaying noise). */
function clickLoop(bpm: number): AudioBuffer {
  const frames = Math.round((8 * 60 * RATE) / bpm);
  const x = new Float32Array(frames);
  let seed = 11;
  for (let b = 0; b < 8; b++) {
    const at = Math.round((b * 60 * RATE) / bpm);
    for (let i = 0; i < 0.02 * RATE; i++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      x[at + i] = 0.9 * (seed / 2 ** 31 - 1) * Math.exp(-i / (0.003 * RATE));
    }
  }
  const buffer = new AudioBuffer({ length: frames, numberOfChannels: 1, sampleRate: RATE });
  buffer.copyToChannel(x, 0);
  return buffer;
}

describe('a synced loop started on the bar line', () => {
  it('lands its downbeat on the line and has drifted < 1 ms after 8 bars', async () => {
    // A beat at 120 BPM whose loop started at 0.26 s; the click comes at 0.5 s.
    const beat = { origin: 0.26, bpm: 120 };
    const at = nextGridTime(0.5, beat, 'bar', 0.32);
    expect(at).toBeCloseTo(2.26, 12);
    const buffer = clickLoop(93);
    const rate = lockedRate(buffer.duration, tempoRate(93, 120), 120);
    // The math's own drift is nil; what follows measures the voice's.
    expect(Math.abs(driftAfterBars(buffer.duration, rate, 120, 8))).toBeLessThan(1e-9);
    const context = new OfflineAudioContext({
      numberOfChannels: 1,
      length: Math.round((at + 16.3) * RATE),
      sampleRate: RATE,
    });
    await loadFadeWorklet(context);
    const voices = new SyncedVoices(context, context.destination);
    await voices.prepare();
    const voice = voices.start({
      buffer,
      offset: 0,
      timePitch: { rate, semitones: 0 },
      loop: true,
      fadeIn: false,
      onEnded: () => {},
      startAt: at,
    });
    await voice.settled();
    const x = (await context.startRendering()).getChannelData(0);
    // Silent until the bar line (the pre-roll runs behind a closed gate).
    let before = 0;
    for (let i = 0; i < Math.round((at - 0.002) * RATE); i++)
      before = Math.max(before, Math.abs(x[i]!));
    expect(before).toBeLessThan(1e-4);
    // The detector's own offset on the source's first click is not an error.
    const own = onsetsNear(buffer.getChannelData(0), RATE, [0])[0]!;
    const bars = [0, 1, 2, 4, 8].map((b) => at + b * 2);
    const heard = onsetsNear(x, RATE, bars.slice(0, 4).concat(at + 16 - 0.001));
    const errors = heard.map((t, i) => t - bars[i]! - own / rate);
    console.log(`bar-line errors (ms): ${errors.map((e) => (e * 1000).toFixed(2)).join(' ')}`);
    expect(Math.abs(errors[0]!)).toBeLessThanOrEqual(0.002);
    for (const e of errors) expect(Math.abs(e)).toBeLessThanOrEqual(0.002);
    // The 8th bar's downbeat is the first one's click again (the loop is 2 bars): same detector bias.
    expect(Math.abs(errors[4]! - errors[0]!)).toBeLessThan(0.001);
  });
});
