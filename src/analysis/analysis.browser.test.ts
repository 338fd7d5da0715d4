// The same analysis in Chromium, bundled by Vite as the worker pool will load it: no Node API,
// and fft.js (CommonJS) resolves in the browser build.
import { describe, expect, it } from 'vitest';
import { analyseSound, keyToLabel } from './index.ts';
import { chord, clickTrack } from './testing/signals.ts';

describe('analyseSound in the browser', () => {
  it('reads a 97 BPM click loop and an F♯ minor triad as in Node', () => {
    const click = clickTrack(97, 4, 44100);
    const loop = analyseSound({ channels: [click, click], sampleRate: 44100 });
    expect(loop.kind).toBe('loop');
    expect(Math.abs(loop.bpm! - 97)).toBeLessThanOrEqual(0.5);
    const hz = [54, 57, 61].map((m) => 440 * 2 ** ((m - 69) / 12));
    const triad = analyseSound({ channels: [chord(hz, 2, 48000)], sampleRate: 48000 });
    expect(triad.key && keyToLabel(triad.key)).toBe('F#m');
    expect(triad.embedding).toHaveLength(64);
  });
});
