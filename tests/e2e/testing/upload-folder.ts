import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  renderDemo as render,
  wav16,
} from '../../../server/library/review/testing/demo-renders.ts';
import { cutShare } from '../../../src/wasm/testing/truncated-audio.ts';

/** The clean file of the folder: the one a user finds and plays. */
export const CLEAN_FILE = 'chords.wav';

/**
 * Issue 28's folder of six real WAV files, each a few seconds of the demo synth's audio: one
 * clipped, one whose name says 120 BPM when it is 92, one duplicate of the clean one (the same
 * PCM, another chunk order), one with 200 ms of leading silence, one corrupt (cut short), and the
 * clean one. Answers the folder; `name` is its name (it is what a folder upload sends).
 */
export function writeUploadFolder(name: string): string {
  // A gain of the run's own: the demo library holds these renders, and the importer skips bytes
  // it holds already (a retry on the same gateway too).
  const gain = 0.9 - (Date.now() % 10_000) / 1e6;
  // The loops also carry a quiet 3 kHz tone: the e2e library holds these very renders, and the
  // duplicate check would find them there by their timbre (the one-shots are distorted anyway).
  const marked = (channels: Float32Array[], rate: number) =>
    channels.map((c) =>
      c.map((x, i) => gain * x + 0.15 * Math.sin((2 * Math.PI * 3000 * i) / rate)),
    );
  const folder = join(mkdtempSync(join(tmpdir(), 'yinku-upload-')), name);
  mkdirSync(folder);
  const put = (file: string, bytes: Uint8Array) => writeFileSync(join(folder, file), bytes);
  const kick = render((s) => s.secondary.name === 'Kick');
  const snare = render((s) => s.secondary.name === 'Snare');
  const bass = render((s) => s.job.voice === 'bassLoop' && s.bpm === 92);
  const chords = render((s) => s.job.voice === 'melodicLoop' && s.bpm === 94);
  const clip = (x: number) => Math.max(-1, Math.min(1, x));
  put(
    'clipped kick.wav',
    wav16(
      kick.channels.map((c) => c.map((x) => clip(3 * x))),
      kick.rate,
    ),
  );
  put('bass 120 BPM.wav', wav16(marked(bass.channels, bass.rate), bass.rate));
  put(CLEAN_FILE, wav16(marked(chords.channels, chords.rate), chords.rate));
  put(
    'copy of chords.wav',
    wav16(marked(chords.channels, chords.rate), chords.rate, ['fmt', 'LIST', 'data']),
  );
  const gap = Math.round(0.2 * snare.rate);
  // Saturated (tanh, peaks under 0.95): as rendered it sits 7.7 LU under the pack, which would
  // make it a LOUDNESS_OUTLIER too.
  const peak = Math.max(
    ...snare.channels.map((c) => c.reduce((m, x) => Math.max(m, Math.abs(x)), 0)),
  );
  const late = snare.channels.map((c) => {
    const out = new Float32Array(gap + c.length);
    out.set(
      c.map((x) => 0.95 * Math.tanh((4 * x) / peak)),
      gap,
    );
    return out;
  });
  put('late snare.wav', wav16(late, snare.rate));
  put('corrupt.wav', cutShare(wav16(snare.channels, snare.rate), 0.4));
  return folder;
}
