/**
 * Synced audition on the page's own output (issue 25): a recorder worklet tapped onto the
 * speakers records a loop played with the project tempo and key set in the player bar, and the
 * app's own analysis hears the project's tempo and key (and the loop's own with Sync off); the
 * player's "download as heard" saves a WAV of the length the stretch gives, named after the
 * tempo and key, at the source's rate and bit depth.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { analyseSound, keyToLabel } from '../../src/analysis/index.ts';
import { joinKey, splitKey, TONICS } from '../../src/shared/api/musical-keys.ts';
import type { Sample } from '../../src/shared/index.ts';
import { renderedFrames, syncParams } from '../../src/shared/audio/sync-params.ts';
import { test, expect } from '../helpers/e2e.ts';
import { apiRecords, signInFresh } from './sounds-helpers.ts';

// The recorder's module comes from a blob: URL, which the app's CSP refuses (as the bench's detector).
test.use({ bypassCSP: true });

const RECORDER = `
class Recorder extends AudioWorkletProcessor {
  constructor() { super(); this.on = false; this.port.onmessage = (e) => { this.on = e.data === 'start'; }; }
  process(inputs) {
    const input = inputs[0];
    if (this.on && input && input.length) this.port.postMessage(input[0].slice(0));
    return true;
  }
}
registerProcessor('e2e-recorder', Recorder);`;

/** Init script: every node connected to the speakers is also tapped into a recorder. */
function recorderInit(source: string): void {
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const connect = AudioNode.prototype.connect as (this: AudioNode, ...a: unknown[]) => unknown;
  const taps = new WeakMap<BaseAudioContext, GainNode>();
  const rec = { chunks: [] as Float32Array[], node: null as AudioWorkletNode | null, rate: 0 };
  (window as unknown as { __rec: typeof rec }).__rec = rec;
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const out = connect.apply(this, args);
    const ctx = this.context;
    if (args[0] instanceof AudioDestinationNode && ctx instanceof AudioContext) {
      let tap = taps.get(ctx);
      if (!tap) {
        const t = new GainNode(ctx);
        tap = t;
        taps.set(ctx, t);
        void ctx.audioWorklet.addModule(url).then(() => {
          const node = new AudioWorkletNode(ctx, 'e2e-recorder');
          node.port.onmessage = (e: MessageEvent<Float32Array>) => void rec.chunks.push(e.data);
          const mute = new GainNode(ctx, { gain: 0 });
          connect.call(t, node);
          connect.call(node, mute);
          connect.call(mute, ctx.destination);
          rec.node = node;
          rec.rate = ctx.sampleRate;
        });
      }
      connect.call(this, tap);
    }
    return out;
  } as typeof AudioNode.prototype.connect;
}

/** Plays `sample` through the player store and records `seconds` of the speakers from its start. */
async function recordPlay(page: Page, sample: Sample, seconds: number) {
  return page.evaluate(
    async ({ sample, seconds }) => {
      const w = window as unknown as {
        __rec: { chunks: Float32Array[]; node: AudioWorkletNode | null; rate: number };
        __yinkuPlayer: {
          store: { getState(): { playSong(s: unknown): Promise<void>; pause(): void } };
        };
      };
      const player = w.__yinkuPlayer.store.getState();
      const played = player.playSong(sample);
      const until = Date.now() + 20_000;
      const state = () =>
        JSON.stringify(w.__yinkuPlayer.store.getState(), (k, v) =>
          k === 'playList' || k === 'song' ? undefined : v,
        );
      await Promise.race([played, new Promise((r) => setTimeout(r, 20_000))]);
      while (!w.__rec.node) {
        if (Date.now() > until) throw new Error(`no recorder; player ${state()}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      if (!(w.__yinkuPlayer.store.getState() as unknown as { isPlaying: boolean }).isPlaying)
        throw new Error(`not playing: ${state()}`);
      w.__rec.chunks = [];
      w.__rec.node.port.postMessage('start');
      await new Promise((r) => setTimeout(r, seconds * 1000));
      w.__rec.node.port.postMessage('stop');
      w.__yinkuPlayer.store.getState().pause();
      const all = new Float32Array(w.__rec.chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of w.__rec.chunks) all.set(c, (at += c.length) - c.length);
      return { samples: Array.from(all), rate: w.__rec.rate };
    },
    { sample, seconds },
  );
}

/** A loop of the library with a tempo and a minor key, its tempo ×1.2 and key +3 as the project. */
async function loopAndProject(page: Page) {
  const loops = await apiRecords<Sample>(
    page,
    '/api/v2/tt-audios?range=samples&kind=loop&pageSize=50&sort=NAME',
  );
  const loop = loops.find((s) => s.audioBpm && s.audioKey?.endsWith('m') && s.duration >= 3);
  if (!loop) throw new Error('no minor loop with a tempo in the library');
  const tempo = Math.round(loop.audioBpm! * 1.2 * 10) / 10;
  const heard = syncParams(
    { kind: 'loop', bpm: loop.audioBpm, key: loop.audioKey },
    { tempo, key: null },
  );
  // Three semitones up, in the loop's (minor) mode.
  const tonic = splitKey(loop.audioKey!).tonic;
  const projectKey = joinKey(TONICS[(TONICS.indexOf(tonic) + 3) % 12]!, 'minor');
  return { loop, tempo, projectKey, rate: heard.rate };
}

/** Tempo read from a recording matches `bpm` (or its half or double) within 2 %. */
function tempoMatches(measured: number | null, bpm: number): boolean {
  return !!measured && [0.5, 1, 2].some((f) => Math.abs(measured / (bpm * f) - 1) <= 0.02);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('yinku.audioTestHooks', '1'));
  await page.addInitScript(recorderInit, RECORDER);
});

test('a synced loop is heard at the project tempo and key, and downloads as heard', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInFresh(page, 'sync');
  await page.goto('/sounds/genres/asset/Samples:Trap');
  const { loop, tempo, projectKey, rate } = await loopAndProject(page);
  const seconds = Math.min(6, Math.max(4, loop.duration));
  // A press on the player bar: the page's first gesture, which resumes its AudioContext.
  await page.getByRole('region', { name: '采样播放器' }).click({ position: { x: 4, y: 4 } });

  // Sync off: the loop's own tempo and key.
  const plain = await recordPlay(page, loop, seconds);
  const own = analyseSound({
    channels: [Float32Array.from(plain.samples)],
    sampleRate: plain.rate,
  });
  expect(tempoMatches(own.bpm, loop.audioBpm!)).toBe(true);

  // The project's tempo and key, set in the player bar, Sync on.
  const tempoField = page.getByRole('spinbutton', { name: /项目速度/ });
  if (!(await tempoField.isVisible())) await page.getByRole('button', { name: '项目同步' }).click();
  await tempoField.fill(String(tempo));
  await tempoField.press('Enter');
  await page.getByRole('combobox', { name: '项目调性' }).selectOption(projectKey);
  await page.getByRole('switch', { name: /同步/ }).click();
  await expect(page.getByRole('switch', { name: /同步/ })).toHaveAttribute('aria-checked', 'true');

  const synced = await recordPlay(page, loop, seconds);
  const heard = analyseSound({
    channels: [Float32Array.from(synced.samples)],
    sampleRate: synced.rate,
  });
  console.log(
    `loop ${loop.audioName}: ${loop.audioBpm} BPM ${loop.audioKey} → heard ${heard.bpm} BPM ${heard.key && keyToLabel(heard.key)} (project ${tempo} ${projectKey}; own ${own.bpm} ${own.key && keyToLabel(own.key)})`,
  );
  expect(tempoMatches(heard.bpm, tempo)).toBe(true);
  expect(heard.key && keyToLabel(heard.key)).toBe(projectKey);

  // Download as heard from the player: a browser download (no folder chosen).
  await page.evaluate(
    (sample) =>
      (
        window as unknown as {
          __yinkuPlayer: { store: { getState(): { playSong(s: unknown): Promise<void> } } };
        }
      ).__yinkuPlayer.store
        .getState()
        .playSong(sample),
    loop,
  );
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `按同步效果下载 WAV: ${loop.audioName}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toContain(
    `${loop.audioName} (${tempo} BPM, ${projectKey}).wav`,
  );
  const wav = readFileSync(await download.path());
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const channels = view.getUint16(22, true);
  const sampleRate = view.getUint32(24, true);
  const bits = view.getUint16(34, true);
  const frames = view.getUint32(40, true) / (channels * (bits / 8));
  expect(sampleRate).toBe(loop.audioData.sampleRate);
  expect(bits).toBe(loop.audioData.bitDepth ?? 24);
  const sourceFrames = Math.round(loop.duration * loop.audioData.sampleRate);
  expect(Math.abs(frames - renderedFrames(sourceFrames, rate))).toBeLessThanOrEqual(
    Math.ceil(0.002 * loop.audioData.sampleRate),
  );
});
