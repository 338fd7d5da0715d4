// Recordings made by another tool (SoX) with known answers: the analysis must read files it did
// not synthesize itself. SoX is required (`.ci/run` installs it); without it these tests fail.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseSound } from './index.ts';

let dir = '';

/** The scratch folder, made on first use after checking SoX is there (each test fails without it). */
function scratch(): string {
  const probe = spawnSync('sox', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    throw new Error(
      'SoX is not installed: these tests read recordings SoX makes. Install it with `apt-get install -y sox` (.ci/run does).',
    );
  if (!dir) dir = mkdtempSync(join(tmpdir(), 'yinku-sox-'));
  return dir;
}

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs `sox -n <raw float32 file> <effects, split at spaces>` and reads the result as channels. */
function sox(name: string, rate: number, channels: number, effects: string) {
  const file = join(scratch(), `${name}.f32`);
  const args = [
    '-n',
    '-r',
    String(rate),
    '-c',
    String(channels),
    '-e',
    'floating-point',
    '-b',
    '32',
    '-t',
    'raw',
    file,
    ...effects.split(' '),
  ];
  const run = spawnSync('sox', args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`sox ${args.join(' ')} failed: ${run.stderr}`);
  const bytes = readFileSync(file);
  const interleaved = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const frames = interleaved.length / channels;
  const planes = Array.from({ length: channels }, (_, c) =>
    Float32Array.from({ length: frames }, (_, i) => interleaved[i * channels + c]!),
  );
  return { channels: planes, sampleRate: rate };
}

describe('recordings made with SoX', () => {
  it('reads a stereo 1 kHz sine at −23 dBFS as −23 LUFS, true peak −23 dBTP', () => {
    const a = analyseSound(sox('sine', 48000, 2, `synth 8 sine 1000 vol ${10 ** (-23 / 20)}`));
    expect(Math.abs(a.lufs + 23)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(a.truePeakDb + 23)).toBeLessThanOrEqual(0.1);
  });

  it('reads plucked F♯3 A3 C♯4 as an F♯ minor one-shot', () => {
    const a = analyseSound(
      sox('pluck', 44100, 1, 'synth 2.5 pluck F#3 pluck A3 pluck C#4 remix - fade 0 2.5 0.05'),
    );
    expect(a.key).toEqual({ tonic: 'F#', mode: 'minor' });
    expect(a.kind).toBe('oneshot');
    expect(a.bpm).toBeNull();
  });

  it('reads 16 clicks half a second apart (4 bars) as a loop at 120 BPM', () => {
    const a = analyseSound(
      sox('clicks', 44100, 2, 'synth 0.02 pinknoise fade 0 0.02 0.015 pad 0 0.48 repeat 15'),
    );
    expect(a.kind).toBe('loop');
    expect(a.bpm).toBeCloseTo(120, 0);
  });
});
