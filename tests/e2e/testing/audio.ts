import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { buildWav } from '../../../src/wasm/testing/audio-fixtures.ts';

/** Largest |sample| the player's output analyser sees over ~300 ms (several analyser windows). */
export function peakLevel(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const hook = (window as unknown as { __yinkuPlayer: { engine(): { analyser: AnalyserNode } } })
      .__yinkuPlayer;
    const analyser = hook.engine().analyser;
    const data = new Float32Array(analyser.fftSize);
    let peak = 0;
    for (let i = 0; i < 10; i++) {
      analyser.getFloatTimeDomainData(data);
      for (const v of data) peak = Math.max(peak, Math.abs(v));
      await new Promise((r) => setTimeout(r, 30));
    }
    return peak;
  });
}

/**
 * Imports `wav` as `<name>.wav` into the e2e gateway's library, in a brand and pack of its own
 * (named after it: the home page's newest sounds, one per pack, show pack names).
 */
export async function importLoop(name: string, wav: Uint8Array): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'yinku-e2e-loop-'));
  try {
    mkdirSync(join(root, name));
    writeFileSync(join(root, name, `${name}.wav`), wav);
    await promisify(execFile)(
      process.execPath,
      ['server/import.ts', root, '--brand', name, '--secondary', 'Loops'],
      { env: { ...process.env, YINKU_DATA_DIR: process.env.YINKU_E2E_DATA_DIR } },
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * A bounce of `bars` bars at 120 BPM, the shape my-beat tests use: a 60 Hz kick (80 ms decay) on
 * every beat, the downbeats twice as loud, as a 16-bit WAV of `channels` identical channels.
 */
export function kicksWav(bars: number, rate: number, channels = 2): Buffer {
  const x = new Float32Array(bars * 2 * rate);
  for (let beat = 0; beat < bars * 4; beat++) {
    const at = beat * 0.5 * rate;
    const level = beat % 4 === 0 ? 0.8 : 0.4;
    for (let i = 0; i < 0.4 * rate; i++)
      x[at + i] = level * Math.sin((2 * Math.PI * 60 * i) / rate) * Math.exp(-i / (0.08 * rate));
  }
  const planes = Array.from({ length: channels }, () => x);
  return Buffer.from(buildWav(planes, { encoding: 'int', bits: 16, sampleRate: rate }));
}
