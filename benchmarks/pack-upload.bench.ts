/**
 * The pack upload against the command line (benchmarks/README.md "Pack upload"): the same folder
 * of ten-second WAVs imported by `npm run import` into a fresh data directory (the baseline), then
 * uploaded through the Packs screen in Chromium (choose the folder, click Upload, wait for the
 * page's report) into a fresh gateway process; the figure is browser ÷ command line.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { planLibrary } from '../server/library/demo/library-plan.ts';
import { renderChannels } from '../server/synth/render-sample.ts';
import { wav16 } from '../server/library/review/testing/demo-renders.ts';
import { chromiumLaunchOptions } from '../tests/testing/chromium.ts';
import { startGatewayProcess } from './gateway-process.ts';
import { signedInContext, signInTokens } from './signed-in-context.ts';
import { ratioFigure, type Figure } from './stats.ts';

/** Browser upload ÷ `npm run import` of the same files (issue 28 "Bench"). */
export const UPLOAD_BUDGET = 1.5;
const SECONDS = 10;
/** Distinct rendered sounds the files are made of; the rest are gain variants (new bytes). */
const SOUNDS = 24;

/**
 * `count` ten-second WAVs of the demo library's sounds (each render repeated to 10 s, every file
 * at its own gain so no two have the same bytes), in a folder named `bench pack`.
 */
export function writeBenchFolder(count: number): string {
  const folder = join(mkdtempSync(join(tmpdir(), 'yinku-upload-bench-')), 'bench pack');
  mkdirSync(folder);
  const plan = planLibrary('small', Date.UTC(2026, 0, 1)).samples;
  const step = Math.max(1, Math.floor(plan.length / SOUNDS));
  const sounds = Array.from({ length: Math.min(count, SOUNDS) }, (_, i) => {
    const job = plan[(i * step) % plan.length]!.job;
    const length = SECONDS * job.sampleRate;
    const channels = renderChannels(job).map((c) => {
      const out = new Float32Array(length);
      for (let at = 0; at < length; at += c.length) out.set(c.subarray(0, length - at), at);
      return out;
    });
    return { channels, rate: job.sampleRate };
  });
  for (let i = 0; i < count; i++) {
    const { channels, rate } = sounds[i % sounds.length]!;
    const gain = 0.9 - i / (10 * count);
    const name = `sound ${String(i + 1).padStart(3, '0')}.wav`;
    writeFileSync(
      join(folder, name),
      wav16(
        channels.map((c) => c.map((x) => gain * x)),
        rate,
      ),
    );
  }
  return folder;
}

/** Wall time (ms) of `npm run import -- <folder>` into a fresh data directory. */
async function timeCli(folder: string): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'yinku-upload-cli-'));
  try {
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', 'import', '--', folder], {
      env: { ...process.env, YINKU_DATA_DIR: dataDir, YINKU_LIBRARY: 'none' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + String(chunk)).slice(-2000)));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`npm run import exited ${code}: ${errors}`);
    return performance.now() - started;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Wall time (ms) from the Upload click to the page's report, on a fresh gateway process. */
async function timeBrowser(folder: string, count: number): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'yinku-upload-web-'));
  const gateway = await startGatewayProcess({ dataDir, env: { YINKU_LIBRARY: 'none' } });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const tokens = await signInTokens(gateway.url, 'admin@yinku.local');
    const viewport = { width: 1400, height: 900 };
    const context = await signedInContext(browser, tokens, { viewport });
    const page = await context.newPage();
    await page.goto(`${gateway.url}/admin`);
    const card = page.locator('[data-admin="packs"]');
    await card.getByLabel('音色包代码').fill('bench-upload');
    await card.getByLabel('名称').fill('Bench upload');
    await card.locator('[data-pick="folder"]').setInputFiles(folder);
    await card.getByText(`已选 ${count} 个文件`).waitFor({ timeout: 60_000 });
    const started = performance.now();
    await card.getByRole('button', { name: '上传', exact: true }).click();
    await card
      .locator('[data-upload-report]', { hasText: `已入库 ${count} 个` })
      .waitFor({ timeout: 30 * 60_000 });
    return performance.now() - started;
  } finally {
    await browser.close();
    await gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The upload group (`--groups=upload`): N = 200 files, 16 in quick mode. */
export async function uploadFigures({ quick }: { quick: boolean }): Promise<Figure[]> {
  if (!existsSync('dist/index.html')) throw new Error('run `npm run build` first');
  const count = quick ? 16 : 200;
  const written = performance.now();
  const folder = writeBenchFolder(count);
  console.log(
    `  pack upload: ${count} files written in ${Math.round(performance.now() - written)} ms`,
  );
  try {
    const cli = await timeCli(folder);
    const web = await timeBrowser(folder, count);
    console.log(
      `  pack upload: npm run import ${Math.round(cli)} ms, browser ${Math.round(web)} ms`,
    );
    const name = `pack upload, ${count} × ${SECONDS} s WAV: browser vs npm run import`;
    return [ratioFigure(name, web / 1000, 's', cli / 1000, UPLOAD_BUDGET)];
  } finally {
    rmSync(join(folder, '..'), { recursive: true, force: true });
  }
}
