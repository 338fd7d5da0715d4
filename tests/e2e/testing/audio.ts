import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';

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
