/**
 * In-page functions of the real-path group (serialised by Playwright: no closures over Node
 * values). The page is the built app on the gateway, signed in, with `yinku.audioTestHooks`.
 */

interface Hook {
  store: {
    getState(): Record<string, unknown> & {
      id: number | null;
      song: { id: number; auditionCode?: string | null } | null;
      audition: boolean;
      isPlaying: boolean;
      isLoading: boolean;
      setVolume(volume: number): void;
    };
  };
  engine(): {
    context: AudioContext;
    analyser: AnalyserNode;
    buffers: { get(key: string): AudioBuffer | undefined };
    ready(): Promise<void>;
    stop(): void;
  };
}

/** What the page keeps between calls (made by the init script, `realPathInit`). */
interface RealProbe {
  /** The detector on the engine's output, once its module has loaded. */
  detector: AudioWorkletNode | null;
  /** The recorder on the same tap (real-path-loop.ts), idle until told to start. */
  recorder: AudioWorkletNode | null;
  ctx: AudioContext | null;
  /** performance.now() time of the last click or ↓, from its event timestamp. */
  input: number;
  hit: Promise<number> | null;
  seq: number;
  /** When the capture listener ran (performance.now()): input delivery to the page. */
  handled?: number;
  /** The last press's event timestamp and when its capture listener ran (a row plays on it). */
  down?: number;
  downHandled?: number;
  /** When a source's start() was last called (performance.now()). */
  started?: number;
  /** The detector's threshold, −80 dBFS as a sample value. */
  threshold: number;
  /** Seconds before `buffer`'s first frame above `threshold` in any channel: its lead-in. */
  leadIn(buffer: AudioBuffer, threshold: number): number;
  /** Pool jobs, for the breakdown (traceJobs). */
  jobs?: JobTrace[];
  /**
   * Every heard track's decoded buffer, by cache key: the floor is measured on each row clicked,
   * not only on the few the engine's buffer cache still holds when the baselines run.
   */
  buffers?: Map<string, AudioBuffer>;
}

/** One pool job's times (performance.now(), ms) and the worker's own split. */
interface JobTrace {
  url: string;
  post: number;
  first?: number;
  full?: number;
  fetch?: number;
  decode?: number;
}

/**
 * Init script: every node connected to an AudioContext's speakers is also tapped into a detector
 * at −80 dBFS (issue 19) and a recorder (issue 25), whose modules are added when the context is
 * made, so even the first click after a page load (which makes the engine) is timed; and each
 * click's and ↓'s event timestamp is recorded before the app's own handlers run. `modules` are
 * the worklets' bundled code (`bundleWorklet`).
 */
export function realPathInit(modules: { detector: string; recorder: string }): void {
  const probe: RealProbe = {
    detector: null,
    recorder: null,
    ctx: null,
    input: Number.NaN,
    seq: 0,
    hit: null,
    threshold: 1e-4,
    leadIn(buffer, threshold) {
      let first = buffer.length;
      for (let c = 0; c < buffer.numberOfChannels; c++) {
        const data = buffer.getChannelData(c);
        for (let i = 0; i < Math.min(first, data.length); i++)
          if (Math.abs(data[i]!) > threshold) {
            first = i;
            break;
          }
      }
      return first / buffer.sampleRate;
    },
  };
  (window as unknown as { __real: RealProbe }).__real = probe;
  const urlOf = (js: string) => URL.createObjectURL(new Blob([js], { type: 'text/javascript' }));
  const detectorUrl = urlOf(modules.detector);
  const recorderUrl = urlOf(modules.recorder);
  const connect = AudioNode.prototype.connect as (this: AudioNode, ...a: unknown[]) => unknown;
  const taps = new WeakMap<BaseAudioContext, GainNode>();
  const tapFor = (ctx: AudioContext): GainNode => {
    let tap = taps.get(ctx);
    if (tap) return tap;
    tap = new GainNode(ctx);
    taps.set(ctx, tap);
    const t = tap;
    const loaded = [detectorUrl, recorderUrl].map((url) => ctx.audioWorklet.addModule(url));
    void Promise.all(loaded).then(() => {
      const detector = new AudioWorkletNode(ctx, 'yinku-detector', {
        processorOptions: { threshold: probe.threshold },
      });
      const recorder = new AudioWorkletNode(ctx, 'yinku-recorder');
      const mute = new GainNode(ctx, { gain: 0 });
      connect.call(t, detector);
      connect.call(detector, mute);
      connect.call(t, recorder);
      connect.call(recorder, mute);
      connect.call(mute, ctx.destination);
      probe.recorder = recorder;
      probe.detector = detector;
      probe.ctx = ctx;
      probe.hit = new Promise<number>((resolve) => {
        detector.port.onmessage = (e: MessageEvent<{ time: number }>) => resolve(e.data.time);
      });
    });
    return tap;
  };
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const out = connect.apply(this, args);
    const dest = args[0];
    if (dest instanceof AudioDestinationNode && this.context instanceof AudioContext)
      connect.call(this, tapFor(this.context));
    return out;
  } as typeof AudioNode.prototype.connect;
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...a) {
    probe.started = performance.now();
    return start.apply(this, a);
  } as typeof start;
  window.addEventListener(
    'pointerdown',
    (event) => {
      probe.down = event.timeStamp;
      probe.downHandled = performance.now();
    },
    { capture: true },
  );
  const onInput = (event: Event) => {
    probe.input = event.timeStamp;
    probe.handled = performance.now();
  };
  window.addEventListener('click', onInput, { capture: true });
  window.addEventListener(
    'keydown',
    (e) => {
      if ((e as KeyboardEvent).key === 'ArrowDown') onInput(e);
    },
    { capture: true },
  );
  localStorage.setItem('yinku.audioTestHooks', '1');
}

/**
 * Records every pool job's post, first slice and result times (the breakdown of a slow click:
 * main thread before the post, worker fetch, decode, hand-over). Run once per page load.
 */
export function traceJobs(): void {
  const w = window as unknown as {
    __real: RealProbe;
    __yinkuPlayer: {
      internals(): {
        pool: {
          load(job: { url: string }, first?: (c: unknown) => void): Promise<{ timings?: object }>;
        };
      };
    };
  };
  const probe = w.__real;
  const pool = w.__yinkuPlayer.internals().pool;
  const load = pool.load.bind(pool);
  probe.jobs = [];
  pool.load = (job, first) => {
    const trace: JobTrace = { url: job.url, post: performance.now() };
    probe.jobs!.push(trace);
    const onFirst =
      first &&
      ((c: unknown) => {
        trace.first = performance.now();
        first(c);
      });
    return load(job, onFirst).then((result) => {
      trace.full = performance.now();
      const t = result.timings as { fetch?: number; decode?: number } | undefined;
      trace.fetch = t?.fetch;
      trace.decode = t?.decode;
      return result;
    });
  };
}

/** Sets volume 100 (the baselines have no volume control, and play at full level). */
export function fullVolume(): void {
  (window as unknown as { __yinkuPlayer: Hook }).__yinkuPlayer.store.getState().setVolume(100);
}

/** Arms the detector for the next input (call while the output is silent). */
export function armDetector(): void {
  const probe = (window as unknown as { __real: RealProbe }).__real;
  probe.input = Number.NaN;
  // Before the first click of a page the engine (and its detector, armed) is not made yet.
  const detector = probe.detector;
  if (!detector) return;
  probe.hit = new Promise<number>((resolve) => {
    detector.port.onmessage = (e: MessageEvent<{ time: number }>) => resolve(e.data.time);
  });
  detector.port.postMessage('arm');
}

/** One heard input: input → first frame above −80 dBFS, minus the sample's leading silence. */
export interface Heard {
  /** ms from the input's event timestamp to the first audible frame, leading silence taken off. */
  ms: number;
  /** The track's cache key (`play:<id>` or `audition:<code>`). */
  key: string;
  leadingMs: number;
  id: number;
  /** The global audition switch (not the store's `audition`, which says how this play went). */
  auditionMode: boolean;
  /** The played buffer's first frame is above −60 dBFS (the attack rows, real-path-rows.ts). */
  loudStart?: boolean;
  /** Where the time went (ms after the input's timestamp), for REAL_PATH_LOG. */
  trace?: string;
  /**
   * Set (to the negative figure) when the detector's frame came before the input: no sound
   * precedes its click, so that was a hit kept from before it (seen on a machine at load ~20),
   * and `ms` is NaN, which every figure skips; the groups count these.
   */
  early?: number;
}

/** Waits for the detector; answers the time from the input, minus the track's lead-in. */
export async function heardAfterInput(): Promise<Heard | null> {
  const probe = (window as unknown as { __real: RealProbe }).__real;
  for (let i = 0; !probe.hit && i < 100; i++) await new Promise((r) => setTimeout(r, 50));
  if (!probe.hit) return null;
  const time = await Promise.race([
    probe.hit,
    new Promise<number>((r) => setTimeout(() => r(Number.NaN), 5000)),
  ]);
  const hook = (window as unknown as { __yinkuPlayer: Hook }).__yinkuPlayer;
  const { song, audition } = hook.store.getState();
  const key = audition && song?.auditionCode ? `audition:${song.auditionCode}` : `play:${song?.id}`;
  // The full buffer arrives after a preview slice: wait for it (at most 3 s).
  let buffer = hook.engine().buffers.get(key);
  for (let i = 0; !buffer && i < 60; i++) {
    await new Promise((r) => setTimeout(r, 50));
    buffer = hook.engine().buffers.get(key);
  }
  if (buffer) (probe.buffers ??= new Map()).set(key, buffer);
  // The sound's own lead-in as heard: its first frame above −80 dBFS after the player's volume
  // (the detector listens behind the volume; at the default 60 % a slow rise crosses the
  // threshold several ms after its first frame above −80 dBFS at full level).
  const gain = Number(hook.store.getState().volume ?? 100) / 100;
  const lead = buffer ? probe.leadIn(buffer, probe.threshold / Math.max(gain, 1e-3)) : 0;
  const ts = probe.ctx!.getOutputTimestamp();
  const input = ts.contextTime! + (probe.input - ts.performanceTime!) / 1000;
  const after = (t: number | undefined) => (t === undefined ? '-' : (t - probe.input).toFixed(1));
  const jobs = (probe.jobs ?? []).filter((j) => j.post >= probe.input - 1);
  const trace = [
    `press ${after(probe.down)} delivered ${after(probe.downHandled)} start ${after(probe.started)} handler ${after(probe.handled)}`,
    ...jobs.map(
      (j) =>
        `${j.url.split('/').slice(-2).join('/')}: post ${after(j.post)} first ${after(j.first)} full ${after(j.full)} (fetch ${j.fetch?.toFixed(1)} decode ${j.decode?.toFixed(1)})`,
    ),
  ].join('; ');
  const ms = (time - input - lead) * 1000;
  return {
    ms: ms < 0 ? Number.NaN : ms,
    early: ms < 0 ? ms : undefined,
    key,
    leadingMs: lead * 1000,
    id: song?.id ?? -1,
    loudStart:
      buffer !== undefined &&
      Array.from(
        { length: buffer.numberOfChannels },
        (_, c) => buffer.getChannelData(c)[0] ?? 0,
      ).some((x) => Math.abs(x) > 1e-3),
    auditionMode:
      document.querySelector('[role="switch"][aria-checked]')?.getAttribute('aria-checked') ===
      'true',
    trace,
  };
}

/**
 * The baselines for one row, each from a command on the main thread to its first frame above
 * −80 dBFS, minus the sound's own leading silence: `floor`, the row's decoded AudioBuffer (from
 * the engine's cache) started at once; and, for rows with a public audition, an `<audio>`
 * element and a main-thread fetch + decodeAudioData player on the audition's URL.
 */
export async function baselines(args: {
  key: string;
  auditionUrl: string | null;
}): Promise<{ floor: number; audio: number | null; main: number | null }> {
  const hook = (window as unknown as { __yinkuPlayer: Hook }).__yinkuPlayer;
  const probe = (window as unknown as { __real: RealProbe }).__real;
  const engine = hook.engine();
  const ctx = engine.context;
  engine.stop();
  const quiet = () => new Promise((r) => setTimeout(r, 150));
  // The baselines play at full level, straight into the analyser.
  const lead = (b: AudioBuffer) => probe.leadIn(b, probe.threshold);
  const measure = async (
    play: () => Promise<() => void>,
    leading: () => number,
  ): Promise<number> => {
    await quiet();
    const detector = probe.detector!;
    const hit = new Promise<number>((resolve) => {
      detector.port.onmessage = (e: MessageEvent<{ time: number }>) => resolve(e.data.time);
      setTimeout(() => resolve(Number.NaN), 5000);
    });
    detector.port.postMessage('arm');
    const ts = ctx.getOutputTimestamp();
    const command = ts.contextTime! + (performance.now() - ts.performanceTime!) / 1000;
    const cleanup = await play();
    const time = await hit;
    cleanup();
    return (time - command - leading()) * 1000;
  };
  const buffer = engine.buffers.get(args.key) ?? probe.buffers?.get(args.key);
  if (!buffer) return { floor: Number.NaN, audio: null, main: null };
  const floor = await measure(
    async () => {
      const src = new AudioBufferSourceNode(ctx, { buffer });
      src.connect(engine.analyser);
      src.start();
      return () => src.stop();
    },
    () => lead(buffer),
  );
  if (!args.auditionUrl) return { floor, audio: null, main: null };
  // The audition route takes no query (400), and its answer is cacheable: every player here
  // gets it from the HTTP cache, as ours did on its second fetch (a baseline no slower than a
  // first fetch).
  const url = args.auditionUrl;
  // The audition's own lead-in, decoded once (each player below fetches its own new URL).
  const answer = await fetch(url);
  if (!answer.ok) return { floor, audio: null, main: null };
  const decoded = await ctx.decodeAudioData(await answer.arrayBuffer()).catch(() => null);
  if (!decoded) return { floor, audio: null, main: null };
  const audioLead = lead(decoded);
  const audio = await measure(
    async () => {
      const el = new Audio();
      el.crossOrigin = 'anonymous';
      el.src = url;
      const node = ctx.createMediaElementSource(el);
      node.connect(engine.analyser);
      await el.play();
      return () => {
        el.pause();
        node.disconnect();
        el.removeAttribute('src');
        el.load();
      };
    },
    () => audioLead,
  );
  const main = await measure(
    async () => {
      const bytes = await (await fetch(url)).arrayBuffer();
      const src = new AudioBufferSourceNode(ctx, { buffer: await ctx.decodeAudioData(bytes) });
      src.connect(engine.analyser);
      src.start();
      return () => src.stop();
    },
    () => audioLead,
  );
  return { floor, audio, main };
}

/** The player is silent (paused or ended), so the detector can be armed. */
export function playerSilent(): boolean {
  const s = (window as unknown as { __yinkuPlayer: Hook }).__yinkuPlayer.store.getState();
  return !s.isPlaying && !s.isLoading;
}
