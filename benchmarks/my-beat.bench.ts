/**
 * My beat on the page's output (issue 29 "Show", docs/AUDIO.md "My beat"), in the real-path
 * bench's gateway and page: a producer's bounce (2 bars of kicks at 120 BPM) is chosen in the
 * player's panel and analysed in the browser, and plays; a 105 BPM loop of clicks, imported
 * through the gateway's importer, is clicked over it again and again. What the page sends to its
 * speakers is recorded throughout (the destination tap, `realPathInit`): each start's first
 * click against the beat's bar line as heard and against the bar line the engine was given. The
 * first start is a first play whose rest the gateway holds back (`SlowBodies`): it is heard for
 * 8 bars, every beat in place (no gap while the rest was late) and its drift. Then, with match loudness on and Sync off, 20 of the seeded rows are played and
 * their heard level compared with the target (the beat's LUFS).
 */
import type { Locator, Page } from 'playwright';
import type { FigureGroup } from './audio.bench.ts';
import type { Env } from './real-path.bench.ts';
import { rowsOf, setAudition, silence, sleep } from './real-path-actions.ts';
import { API } from '../src/shared/api/paths.ts';
import {
  importSineLoop,
  recordedFrames,
  searchedRow,
  startRecording,
  stopRecording,
} from './real-path-loop.ts';
import {
  beatWav,
  clickLoopWav,
  clickOnsetNear,
  heardClicks,
  heardDownbeats,
} from './my-beat-signals.ts';
import { matchGainDb } from '../src/shared/audio/loudness-match.ts';
import { countFigure, percentile, ratioFigure, type Figure } from './stats.ts';

/**
 * The loop's tempo: 2 bars of it last 4.571428… s, stored as 4.571 (the catalogue's millisecond),
 * so a lock to the stored length drifts 1.5 ms in 8 bars.
 */
const LOOP_BPM = 105;
/** The beat's bar (s): 4 beats at 120 BPM. */
const BAR_S = 2;
/** Seconds of the beat heard alone first: more than a bar, so a downbeat is in. */
const BEAT_ALONE_S = 2.2;
/** Seconds a start is listened to past its line before the next click. */
const LISTEN_S = 0.8;
/** The drift is read this many bars after a start. */
const DRIFT_BARS = 8;
/**
 * The first play's rest is late: the gateway sends the loop's first REST_HEAD_BYTES at once (a
 * first slice is decoded from them) and the rest REST_LATE_MS later, after the slice would have
 * run out whichever line the start took (at most a bar and a lead after the click).
 */
const REST_HEAD_BYTES = 64 * 1024;
const REST_LATE_MS = 2500;
/** A synced start's lead before its bar line (beat-planner.ts: SCHEDULED_AHEAD_S + 20 ms). */
const SYNCED_LEAD_S = 0.32;
/** Lists whose rows the loudness check plays (seeded, analysed: their LUFS is stored). */
const LOUDNESS_LISTS = [
  '/sounds/instruments/asset/Samples:Drums',
  '/sounds/instruments/asset/Samples:Synth',
  '/sounds/search/track/loop/samples',
  '/sounds/cinematicFx/asset/Samples:Risers',
  '/sounds/genres/asset/Samples:Trap',
  '/sounds/chineseStyle/asset/Samples:Guzheng',
];
const LOUDNESS_ROWS = 20;
/** Seconds of each row heard for its level, from its start. */
const LEVEL_S = 0.5;

/** One engine start, as a wrapper of `AudioEngine.start` saw it (in-page). */
interface StartSeen {
  /** Context time of the call. */
  now: number;
  /** The bar line it was given (absent: at once). */
  at: number | null;
  gain: number | null;
  key: string;
  /** Its whole buffer was cached at the call (false: a preview slice; a start on a line waits). */
  cached: boolean;
  /** The stretch it was given (absent: none). */
  rate?: number;
}

/** Wraps the page's engine start so every start's plan is kept (in-page). */
function watchStarts(): void {
  const w = window as unknown as {
    __yinkuPlayer: {
      engine(): {
        context: BaseAudioContext;
        buffers: { has(key: string): boolean };
        start(track: { key: string }, offset: number, o: { at?: number; gain?: number }): void;
      };
    };
    __beatStarts?: StartSeen[];
  };
  if (w.__beatStarts) return;
  const engine = w.__yinkuPlayer.engine();
  const starts: StartSeen[] = [];
  const start = engine.start.bind(engine);
  engine.start = (track, offset, options) => {
    starts.push({
      now: engine.context.currentTime,
      at: options.at ?? null,
      gain: options.gain ?? null,
      key: track.key,
      cached: engine.buffers.has(track.key),
      rate: (options as { timePitch?: { rate: number } | null }).timePitch?.rate,
    });
    start(track, offset, options);
  };
  w.__beatStarts = starts;
}

/** Whether the engine holds the decoded track `key` (in-page). */
function isCached(key: string): boolean {
  return (
    window as unknown as {
      __yinkuPlayer: { engine(): { buffers: { has(key: string): boolean } } };
    }
  ).__yinkuPlayer
    .engine()
    .buffers.has(key);
}

const startsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __beatStarts: StartSeen[] }).__beatStarts.slice());

/** The player's song's stored loudness and the player's volume (in-page). */
function songLevel(): { lufs: number | null; truePeakDb: number | null; volume: number } {
  const s = (
    window as unknown as {
      __yinkuPlayer: {
        store: {
          getState(): {
            volume: number;
            song: { audioData?: { lufs?: number; truePeakDb?: number } } | null;
          };
        };
      };
    }
  ).__yinkuPlayer.store.getState();
  const data = s.song?.audioData;
  return { lufs: data?.lufs ?? null, truePeakDb: data?.truePeakDb ?? null, volume: s.volume / 100 };
}

/** One row heard with match loudness on. */
interface RowLevel {
  /** Stored loudness plus the gain heard, less the target (LU). */
  offTarget: number;
  /** The −1 dBTP ceiling held its gain under the one the target asked. */
  capped: boolean;
  /** The gain heard less the rule's (matchGainDb: the target's, or the ceiling's) (dB). */
  offRule: number;
}

/** The first frame of `x[from, from + span)` above 1 % of the stretch's peak (its onset). */
function onsetFrame(x: ArrayLike<number>, from: number, span: number): number {
  const to = Math.min(x.length, from + span);
  let peak = 0;
  for (let i = from; i < to; i++) peak = Math.max(peak, Math.abs(x[i]!));
  for (let i = from; i < to; i++) if (Math.abs(x[i]!) >= 0.01 * peak) return i;
  return from;
}

/**
 * Energy (Σx² ÷ rate) of channel 0 of the engine's buffer `key` as the page's context plays it,
 * over `seconds` from its onset (the first frame above 1 % of its peak; up to its end fade when
 * shorter), and the seconds summed (in-page: the onset is found again here, as `onsetFrame` does,
 * for a page has no imports). A file at another rate than the context's is resampled first, by
 * the same node in an offline context at the context's rate: a 48 kHz clap's energy above the
 * 44.1 kHz context's Nyquist is never played, and measured against the file's own it read as a
 * gain 1.2 dB short of the one applied.
 */
async function fileEnergy(args: {
  key: string;
  seconds: number;
}): Promise<{ energy: number; seconds: number }> {
  const engine = (
    window as unknown as {
      __yinkuPlayer: {
        engine(): {
          context: BaseAudioContext;
          buffers: { get(key: string): AudioBuffer | undefined };
        };
      };
    }
  ).__yinkuPlayer.engine();
  const source = engine.buffers.get(args.key);
  if (!source) return { energy: Number.NaN, seconds: 0 };
  const rate = engine.context.sampleRate;
  let data = source.getChannelData(0);
  if (source.sampleRate !== rate) {
    const mono = new AudioBuffer({ length: source.length, sampleRate: source.sampleRate });
    mono.copyToChannel(data, 0);
    const offline = new OfflineAudioContext(1, Math.ceil(source.duration * rate), rate);
    const node = new AudioBufferSourceNode(offline, { buffer: mono });
    node.connect(offline.destination);
    node.start();
    data = (await offline.startRendering()).getChannelData(0);
  }
  const span = Math.min(data.length, Math.round((args.seconds + 0.3) * rate));
  let peak = 0;
  for (let i = 0; i < span; i++) peak = Math.max(peak, Math.abs(data[i]!));
  let onset = 0;
  while (onset < span && Math.abs(data[onset]!) < 0.01 * peak) onset++;
  // Short of the engine's end fade (50 ms), which a riser's loudest frames would lose.
  const frames = Math.min(
    data.length - onset - Math.round(0.06 * rate),
    Math.round(args.seconds * rate),
  );
  let sum = 0;
  for (let i = onset; i < onset + frames; i++) sum += data[i]! ** 2;
  return { energy: sum / rate, seconds: frames / rate };
}

/** Opens the player's "my beat" panel, chooses the bounce and waits for its analysis. */
async function chooseBeat(page: Page): Promise<{ lufs: number }> {
  await page.getByRole('button', { name: '我的节拍' }).click();
  const panel = page.getByRole('group', { name: '我的节拍' });
  await panel
    .getByLabel('选择文件')
    .setInputFiles({ name: 'bench bounce.wav', mimeType: 'audio/wav', buffer: beatWav() });
  const summary = panel.getByTestId('beat-summary');
  await summary.filter({ hasText: '120 BPM · 2 小节' }).waitFor({ timeout: 30_000 });
  const text = (await summary.textContent()) ?? '';
  const lufs = Number(/(-?[\d.]+) LUFS/.exec(text)?.[1]);
  if (!Number.isFinite(lufs)) throw new Error(`no loudness in the beat's summary: ${text}`);
  return { lufs };
}

/** Clicks `row` with the output recorded for LEVEL_S and a margin: the recording and its start. */
async function playRow(page: Page, row: Locator) {
  await silence(page);
  const before = (await startsSeen(page)).length;
  await page.evaluate(startRecording);
  await row.getByRole('gridcell').nth(2).click();
  await page.waitForFunction(
    (n) => (window as unknown as { __beatStarts: unknown[] }).__beatStarts.length > n,
    before,
  );
  await sleep(LEVEL_S * 1000 + 300);
  const rec = await page.evaluate(stopRecording);
  return { rec, start: (await startsSeen(page))[before]! };
}

/** The heard level of LOUDNESS_ROWS seeded rows against the target and the rule. */
async function loudnessOffsets(page: Page, target: number): Promise<RowLevel[]> {
  const offsets: RowLevel[] = [];
  for (const list of LOUDNESS_LISTS) {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, list);
    await sleep(500);
    const rows = rowsOf(page);
    await rows.first().waitFor();
    const count = await rows.count();
    for (let i = 0; i < count && offsets.length < LOUDNESS_ROWS; i++) {
      let { rec, start } = await playRow(page, rows.nth(i));
      // A first play starts on a preview slice (docs/AUDIO.md "Progressive playback"); on a
      // loaded machine the full buffer can come after the slice ran out, and the gap read as a
      // quieter row. The gain is measured on the row played again from its whole buffer.
      if (!start.cached) {
        await page.waitForFunction(
          (key) =>
            (
              window as unknown as {
                __yinkuPlayer: { engine(): { buffers: { has(key: string): boolean } } };
              }
            ).__yinkuPlayer
              .engine()
              .buffers.has(key),
          start.key,
        );
        ({ rec, start } = await playRow(page, rows.nth(i)));
      }
      const { lufs, truePeakDb, volume } = await page.evaluate(songLevel);
      if (lufs === null) continue;
      const x = recordedFrames(rec.b64);
      // The energy of the file's first LEVEL_S from its onset (all of a shorter one) and of the
      // recording over the same stretch from its own onset, each the first frame above 1 % of
      // its peak: the same signal scaled, so the same frame, however late the start came.
      const file = await page.evaluate(fileEnergy, { key: start.key, seconds: LEVEL_S });
      const from = Math.round((start.at ?? start.now) * rec.rate) - rec.frame;
      const onset = onsetFrame(x, from, Math.round((LEVEL_S + 0.3) * rec.rate));
      const last = onset + Math.round(file.seconds * rec.rate);
      // Too short a sound (or a stretch not recorded) says nothing: left out.
      if (file.seconds < 0.05 || from < 0 || last > x.length) continue;
      let heard = 0;
      for (let j = onset; j < last; j++) heard += x[j]! ** 2;
      // The gain the page applied, in dB: heard against the file's own energy at the volume.
      const applied = 10 * Math.log10(heard / rec.rate / (file.energy * volume ** 2));
      // A silent sound says nothing: left out.
      if (!(file.energy > 1e-9) || !Number.isFinite(applied)) continue;
      const rule = matchGainDb({ lufs, truePeakDb }, target);
      offsets.push({
        offTarget: lufs + applied - target,
        capped: rule < target - lufs - 1e-9,
        offRule: applied - rule,
      });
    }
    if (offsets.length >= LOUDNESS_ROWS) break;
  }
  await silence(page);
  return offsets;
}

/**
 * The loudness figures' budget: ±1 LU (issue 29). Two 48 kHz drum rows once read 0.1 and 1.2 LU
 * low: the reference was the file's own energy, part of it above the context's Nyquist and never
 * played (`fileEnergy` now resamples it as the context does).
 */
const LOUDNESS_BUDGET = 1;

/** The my-beat group, in the real-path bench's gateway and signed-in page. */
export function myBeatGroup(env: Env): FigureGroup {
  const name = `Beat Clicks ${process.pid}`;
  let id: number | null = null;
  return {
    label: 'my beat',
    async measure(): Promise<Figure[]> {
      id ??= await importSineLoop(env.gateway.ctx, name, clickLoopWav(7, LOOP_BPM));
      const { page } = env;
      // A page load of its own: the loop is not cached, so its first start is a first play.
      const row = await searchedRow(env, name, id);
      await setAudition(page, false);
      await page.setViewportSize({ width: 1400, height: 900 });
      const beat = await chooseBeat(page);
      const sync = page.getByRole('switch', { name: /同步/ });
      if ((await sync.getAttribute('aria-checked')) !== 'true') await sync.click();
      const panel = page.getByRole('group', { name: '我的节拍' });
      await panel.getByRole('button', { name: '播放节拍' }).click();
      await page.evaluate(watchStarts);
      await sleep(300);

      // The beat alone, then starts of the loop, each clicked once the last was heard on its
      // line. The first is a first play whose rest comes late: it plays on for 8 bars (its
      // drift, and every beat heard). One recording throughout.
      env.slowBodies.slow(API.play(id), { headBytes: REST_HEAD_BYTES, delayMs: REST_LATE_MS });
      // (A start on a line waits for the whole track: its `cached` is no sign of a first play.)
      const uncached = !(await page.evaluate(isCached, `play:${id}`));
      const starts = env.quick ? 6 : 12;
      const first = (await startsSeen(page)).length;
      await page.evaluate(startRecording);
      await sleep(BEAT_ALONE_S * 1000 + 100);
      const name2 = row.getByRole('gridcell').nth(2);
      for (let i = 0; i < starts; i++) {
        await name2.click();
        await page.waitForFunction(
          (n) => (window as unknown as { __beatStarts: unknown[] }).__beatStarts.length > n,
          first + i,
        );
        if (i === 0) env.slowBodies.clear();
        const seen = (await startsSeen(page))[first + i]!;
        const wait = (seen.at ?? seen.now) - seen.now;
        // Past the line and a beat of listening, as a producer would (and time for the engine to
        // make the next stretch voice ahead on a loaded machine); the first start plays on for
        // the drift.
        await sleep((wait + (i === 0 ? DRIFT_BARS * BAR_S + 0.3 : LISTEN_S)) * 1000);
      }
      const rec = await page.evaluate(stopRecording);
      await silence(page);
      const seen = (await startsSeen(page)).slice(first);
      const x = recordedFrames(rec.b64);
      const rate = rec.rate;
      const t0 = rec.frame / rate; // context time of the recording's first frame
      const downbeats = heardDownbeats(x, Math.round(BEAT_ALONE_S * rate), rate);
      if (downbeats.length === 0) throw new Error('no downbeat of the beat heard alone');
      const d0 = t0 + downbeats[0]!;
      const barLineNear = (t: number) => d0 + Math.round((t - d0) / BAR_S) * BAR_S;
      // Each start's first click, and the last one's 8 bars on, near the line it was given.
      const clickAfter = (t: number) => t0 + clickOnsetNear(x, rate, t - t0);
      const errors: number[] = []; // heard first click − the beat's heard bar line (s)
      const late: number[] = []; // heard first click − the scheduled bar line (s)
      let offLine = 0;
      for (const s of seen) {
        if (s.at === null) {
          offLine++;
          continue;
        }
        // A start whose first click is not within 20 ms of its line is as far off as it gets.
        const heard = clickAfter(s.at);
        const off = Number.isFinite(heard) ? heard - s.at : Infinity;
        // (An error of exactly 0 is a perfect start, not a missing one.)
        errors.push(Number.isFinite(heard) ? Math.abs(heard - barLineNear(s.at)) : Infinity);
        late.push(off);
        if (!Number.isFinite(off)) {
          // Where it was heard instead (diagnostic): the first click after its line's search.
          const line = s.at;
          const after = heardClicks(x, rate).find((t) => t0 + t >= line - 0.02);
          console.log(
            `my beat: a start not heard on its line (${JSON.stringify(s)}); first click after it ${after === undefined ? 'none' : ((t0 + after - line) * 1000).toFixed(1)} ms`,
          );
        }
        // The first bar line at least the lead after the click, not a later one.
        if (s.at - s.now > SYNCED_LEAD_S + BAR_S + 0.01) offLine++;
      }
      // The first play: its drift after 8 bars, and each of its beats heard (a slice that ran
      // dry before the rest came is a gap: the beats in it are missing).
      const firstPlay = seen[0]!;
      const line0 = firstPlay.at ?? firstPlay.now;
      const drift =
        clickAfter(line0 + DRIFT_BARS * BAR_S) -
        (line0 + DRIFT_BARS * BAR_S) -
        (clickAfter(line0) - line0);
      const beatOffsets = Array.from({ length: DRIFT_BARS * 4 + 1 }, (_, b) => {
        const t = line0 + (b * BAR_S) / 4;
        return clickAfter(t) - t;
      });
      const missing = beatOffsets.filter((off) => !(Math.abs(off) <= 0.005)).length;
      const ms = (s: number) => s * 1000;
      console.log(
        `my beat: start errors (ms) ${errors.map((e) => ms(e).toFixed(2)).join(' ')}; ` +
          `first play (${uncached ? 'uncached' : 'cached!'}, line ${(line0 - firstPlay.now).toFixed(2)} s after its start call): ` +
          `drift ${ms(drift).toFixed(2)} ms, beats off (ms) ${beatOffsets.map((o) => ms(o).toFixed(2)).join(' ')}`,
      );

      // Matched loudness: Sync off (starts at once, no beat under them), match on.
      await page.getByRole('button', { name: '我的节拍' }).click();
      await panel.waitFor();
      await panel.getByRole('switch', { name: '响度匹配' }).click();
      await sync.click();
      const offsets = await loudnessOffsets(page, beat.lufs);
      await page.getByRole('button', { name: '我的节拍' }).click();
      await panel.getByRole('switch', { name: '响度匹配' }).click();
      await panel.getByRole('button', { name: '移除节拍' }).click();
      const matched = offsets.filter((o) => !o.capped);
      console.log(
        `my beat: loudness off target (LU) ${offsets.map((o) => `${o.offTarget.toFixed(2)}${o.capped ? ' (capped)' : ''}`).join(' ')}`,
      );
      const worstLu = Math.max(...matched.map((o) => Math.abs(o.offTarget)));
      const offRule = offsets.filter((o) => !(Math.abs(o.offRule) <= 1)).length;
      return [
        ratioFigure(
          `my beat: quantised start, first click off the beat's bar line p95 (${errors.length} starts, vs 5 ms)`,
          ms(percentile(errors, 95)),
          'ms',
          5,
          1,
        ),
        ratioFigure(
          `my beat: drift after ${DRIFT_BARS} bars, a first play whose rest came ${REST_LATE_MS / 1000} s late (vs 1 ms)`,
          Math.abs(ms(drift)),
          'ms',
          1,
          1,
        ),
        // A gap: a beat of the first play not heard within 5 ms of its place (or the first play
        // found cached, which would not test the late rest at all).
        countFigure(
          `my beat: the first play's beats missing over ${DRIFT_BARS} bars (rest ${REST_LATE_MS / 1000} s late; ${beatOffsets.length} beats)`,
          missing + (uncached ? 0 : 1),
        ),
        ratioFigure(
          `my beat: matched loudness, worst of ${matched.length} rows off the beat's ${beat.lufs} LUFS (vs 1 LU; ${offsets.length - matched.length} more held under it by the −1 dBTP ceiling)`,
          worstLu,
          'LU',
          1,
          LOUDNESS_BUDGET,
        ),
        countFigure(
          `my beat: rows heard more than 1 dB off their matched gain (the target's, or the ceiling's; ${offsets.length} rows)`,
          offRule,
        ),
        // A start scheduled ahead has no click path left: its floor is its line (budget of the
        // synced cached click, floor + 3 ms).
        ratioFigure(
          'my beat: synced click→sound from the scheduled bar line p95 (vs 3 ms)',
          ms(percentile(late, 95)),
          'ms',
          3,
          1,
        ),
        countFigure(
          'my beat: starts not on the first bar line after their lead, and rows not heard for loudness',
          offLine + Math.max(0, LOUDNESS_ROWS - offsets.length),
        ),
      ];
    },
  };
}
