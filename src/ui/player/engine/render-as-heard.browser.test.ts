// The as-heard render (the download's audio) through the real stretch worklet, written as the
// download writes it and analysed by the app's own analysis in a pool worker: the length the
// ratio gives, and the project's tempo and key.
import { afterAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../../shared/audio/encode-wav.ts';
import { renderedFrames, syncParams } from '../../../shared/audio/sync-params.ts';
import { renderAsHeard } from './render-as-heard.ts';
import { AudioWorkerPool } from './worker-pool.ts';

const RATE = 44100;
const pool = new AudioWorkerPool({ size: 1 });
afterAll(() => pool.terminate());

/** Four bars of A minor at 93 BPM: a held A–C–E chord with a click on every beat. */
function aMinorLoop(): Float32Array {
  const frames = Math.round((16 * 60 * RATE) / 93);
  const out = new Float32Array(frames);
  const notes = [57, 60, 64].map((m) => 440 * 2 ** ((m - 69) / 12));
  let seed = 3;
  for (let i = 0; i < frames; i++)
    for (const hz of notes)
      for (let h = 1; h <= 4; h++)
        out[i]! += (0.08 / h) * Math.sin((2 * Math.PI * hz * h * i) / RATE);
  for (let beat = 0; beat < 16; beat++) {
    const at = Math.round((beat * 60 * RATE) / 93);
    for (let i = 0; i < 0.03 * RATE; i++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      out[at + i]! += 0.6 * (seed / 2 ** 31 - 1) * Math.exp(-i / (0.006 * RATE));
    }
  }
  return out;
}

describe('render as heard', () => {
  it('an A minor 93 BPM loop in a 120 BPM C minor project: its length, tempo and key', async () => {
    const source = aMinorLoop();
    const heard = syncParams({ kind: 'loop', bpm: 93, key: 'Am' }, { tempo: 120, key: 'Cm' });
    const buffer = new AudioBuffer({
      length: source.length,
      numberOfChannels: 2,
      sampleRate: RATE,
    });
    buffer.copyToChannel(source as Float32Array<ArrayBuffer>, 0);
    buffer.copyToChannel(source as Float32Array<ArrayBuffer>, 1);
    const out = await renderAsHeard(buffer, heard, { loop: true });
    expect(out.length).toBe(renderedFrames(source.length, 120 / 93));
    expect(out.numberOfChannels).toBe(2);
    const wav = encodeWav([out.getChannelData(0), out.getChannelData(1)], RATE, 24);
    const analysis = await pool.analyse(wav.buffer as ArrayBuffer);
    console.log(
      `as heard: ${analysis.bpm} BPM, ${analysis.key}, ${analysis.duration.toFixed(3)} s`,
    );
    expect(analysis.kind).toBe('loop');
    expect(Math.abs(analysis.bpm! - 120)).toBeLessThanOrEqual(1);
    expect(analysis.key).toBe('Cm');
    expect(analysis.duration).toBeCloseTo(out.length / RATE, 3);
  }, 60_000);
});
