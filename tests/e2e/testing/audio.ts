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
