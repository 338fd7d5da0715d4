/**
 * Functions run inside the page (serialised by Playwright: no closures over Node values). They
 * reach the app's engine through the `yinku.audioTestHooks` hook.
 */

interface Hook {
  store: {
    getState(): Record<string, unknown> & {
      playSong(song: object, o?: object): Promise<void>;
      pause(): void;
      setVolume(volume: number): void;
    };
  };
  engine(): {
    context: AudioContext;
    analyser: AnalyserNode;
    buffers: { size: number; count: number; limit: number };
    cachePcm(key: string, pcm: object): { key: string; duration: number };
    load(song: object, o: { audition: boolean; signal: AbortSignal }): Promise<object>;
    start(track: object, offset: number, o: object): void;
    stop(): void;
    ready(): Promise<void>;
  };
  internals(): {
    pool: {
      load(job: object): Promise<{ channels: Float32Array[]; sampleRate: number; frames: number }>;
      analyse(bytes: ArrayBuffer): Promise<{ timings: { decode: number; analyse: number } }>;
    };
    loadPrivateKey(): Promise<{ privateKey: CryptoKey; publicKey: string }>;
    createPool(size: number): { load(job: object): Promise<unknown>; terminate(): void };
  };
}

/** Installs the detector worklet (bundled JS passed in) on the engine's output; returns the SPKI key. */
export async function installProbe(detectorJs: string): Promise<string> {
  const hook = (window as unknown as { __yinkuPlayer: Hook }).__yinkuPlayer;
  const engine = hook.engine();
  const ctx = engine.context;
  await ctx.resume();
  await engine.ready();
  // The baselines have no volume control and play at full level: ours does too, so the detector
  // hears every player at the same loudness (at the default 60 a rising signal crosses its
  // threshold a few frames later).
  hook.store.getState().setVolume(100);
  await ctx.audioWorklet.addModule(
    URL.createObjectURL(new Blob([detectorJs], { type: 'text/javascript' })),
  );
  const detector = new AudioWorkletNode(ctx, 'yinku-detector');
  const mute = new GainNode(ctx, { gain: 0 });
  engine.analyser.connect(detector).connect(mute).connect(ctx.destination);
  const w = window as unknown as Record<string, unknown>;
  w.__probe = { detector, cache: new Map<string, AudioBuffer>(), seq: 0 };
  return (await hook.internals().loadPrivateKey()).publicKey;
}

/**
 * Milliseconds on the audio clock from a command to the first non-silent output sample, for one
 * player: `engine` (our pool + engine, uncached or cached), `audio` (an <audio> element) or
 * `main` (main-thread fetch + decodeAudioData, or its cached AudioBuffer).
 */
export async function clickToSound(args: {
  player: 'engine' | 'audio' | 'main';
  url: string;
  cached: boolean;
  encrypted: boolean;
  /** More fields of the engine's song (a loop's tempo and key, for the synced figures). */
  song?: object;
}): Promise<number> {
  const hook = (window as unknown as { __yinkuPlayer: Hook }).__yinkuPlayer;
  const engine = hook.engine();
  const ctx = engine.context;
  const probe = (
    window as unknown as {
      __probe: { detector: AudioWorkletNode; cache: Map<string, AudioBuffer>; seq: number };
    }
  ).__probe;
  engine.stop();
  const quiet = () => new Promise((r) => setTimeout(r, 200));
  await quiet();
  // Where the command falls within a render quantum decides which quantum the start makes. The
  // quiet timer starts when the last run returned, which was a detector message sent just after
  // a render quantum, so without this the phase follows the last player's clean-up time (a
  // store update after ours, a bare stop() after the baselines) instead of being uniform alike
  // for every player. A wait of a uniformly random length of up to four quanta makes it
  // uniform, also where the output asks for two or four quanta at a time.
  const until = performance.now() + Math.random() * ((4 * 128) / ctx.sampleRate) * 1000;
  while (performance.now() < until);
  const url = `${args.url}?n=${++probe.seq}`;
  const hit = new Promise<number>((resolve) => {
    probe.detector.port.onmessage = (e: MessageEvent<{ time: number }>) => resolve(e.data.time);
  });
  probe.detector.port.postMessage('arm');
  const ts = ctx.getOutputTimestamp();
  const now = performance.now();
  const commandTime = ts.contextTime! + (now - ts.performanceTime!) / 1000;
  let cleanup = () => {};
  if (args.player === 'engine') {
    // The product path, as a row click takes it: the player store → engine → track loader →
    // pool (the bench origin answers these ids and audition codes with the fixtures, encrypted
    // for this device when it is a full play).
    const n = args.cached ? 0 : probe.seq;
    const song = args.encrypted
      ? { ...args.song, id: 900_000 + n }
      : { ...args.song, id: 900_000 + n, auditionCode: `bench-${n}` };
    const player = hook.store.getState();
    await player.playSong(song, { audition: !args.encrypted, actionType: 'row' });
    // As a user would: the store stops its progress frames and the player bar its spectrum.
    cleanup = () => void hook.store.getState().pause();
  } else if (args.player === 'audio') {
    const el = new Audio();
    el.crossOrigin = 'anonymous';
    el.src = url;
    const node = ctx.createMediaElementSource(el);
    node.connect(engine.analyser);
    await el.play();
    cleanup = () => {
      el.pause();
      node.disconnect();
      // Releases the element's media pipeline now rather than at some later garbage collection.
      el.removeAttribute('src');
      el.load();
    };
  } else {
    let buffer = args.cached ? probe.cache.get(args.url) : undefined;
    if (!buffer) {
      buffer = await ctx.decodeAudioData(await (await fetch(url)).arrayBuffer());
      probe.cache.set(args.url, buffer);
    }
    const src = new AudioBufferSourceNode(ctx, { buffer });
    src.connect(engine.analyser);
    src.start();
    cleanup = () => src.stop();
  }
  const heard = await Promise.race([
    hit,
    new Promise<number>((r) => setTimeout(() => r(Number.NaN), 5000)),
  ]);
  cleanup();
  return (heard - commandTime) * 1000;
}

/**
 * Fetch-to-PCM time of the pool vs fetch + decodeAudioData on the main thread, same URL; and the
 * fetch alone, the floor of any pipeline that fetches the file.
 */
export async function decodeTimes(
  url: string,
): Promise<{ pool: number; native: number; fetchOnly: number }> {
  const hook = (window as unknown as { __yinkuPlayer: Hook }).__yinkuPlayer;
  const { pool } = hook.internals();
  const ctx = hook.engine().context;
  const seq = Math.random().toString(36).slice(2);
  let t = performance.now();
  await pool.load({ jobId: `d${seq}`, url: `${url}?p=${seq}`, mode: 'plain' });
  const poolMs = performance.now() - t;
  t = performance.now();
  await ctx.decodeAudioData(await (await fetch(`${url}?d=${seq}`)).arrayBuffer());
  const native = performance.now() - t;
  t = performance.now();
  await (await fetch(`${url}?f=${seq}`)).arrayBuffer();
  return { pool: poolMs, native, fetchOnly: performance.now() - t };
}

/**
 * Search by sound on one file (docs/SOUNDS.md): the file's bytes handed to the pool, decoded and
 * analysed in a worker, the embedding back — against the same worker decoding the same file
 * alone (the pipeline's plain load), both timed from the main thread.
 */
export async function analyseTimes(
  url: string,
): Promise<{ analyse: number; decodeOnly: number; workerDecode: number; workerAnalyse: number }> {
  const hook = (window as unknown as { __yinkuPlayer: Hook }).__yinkuPlayer;
  const { pool } = hook.internals();
  const seq = Math.random().toString(36).slice(2);
  const bytes = await (await fetch(`${url}?a=${seq}`)).arrayBuffer();
  // The pool empties the buffer it is given: each run gets a copy, made before the clock starts.
  const copy = bytes.slice(0);
  let t = performance.now();
  const result = await pool.analyse(copy);
  const analyse = performance.now() - t;
  t = performance.now();
  await pool.load({ jobId: `a${seq}`, url: `${url}?l=${seq}`, mode: 'plain' });
  return {
    analyse,
    decodeOnly: performance.now() - t,
    workerDecode: result.timings.decode,
    workerAnalyse: result.timings.analyse,
  };
}

/**
 * Auditions `count` uncached copies of the MP3 fixture at 10 per second with one player — `engine`
 * (the store's playSong, as row clicks do) or `main` (fetch + decodeAudioData on the main thread,
 * a later answer replacing the one playing) — on the engine's context; counts main-thread long
 * tasks and the output's underruns, and says which request plays at the end (the last = count).
 */
export async function rapidAuditions(args: {
  player: 'engine' | 'main';
  url: string;
  count: number;
}): Promise<{ longTasks: number; underruns: number; playing: number }> {
  const hook = (window as unknown as { __yinkuPlayer: Hook }).__yinkuPlayer;
  const engine = hook.engine();
  const ctx = engine.context;
  const probe = (window as unknown as { __probe: { seq: number } }).__probe;
  // Chromium's AudioPlaybackStats: render quanta the output missed (glitches heard).
  const stats = () =>
    (ctx as unknown as { playbackStats?: { underrunEvents: number } }).playbackStats
      ?.underrunEvents ?? Number.NaN;
  const underrunsBefore = stats();
  let longTasks = 0;
  const observer = new PerformanceObserver((list) => {
    longTasks += list.getEntries().filter((e) => e.duration > 50).length;
  });
  observer.observe({ type: 'longtask', buffered: false });
  const first = probe.seq + 1;
  let latest = 0;
  let playing = 0;
  let source: AudioBufferSourceNode | null = null;
  for (let i = 1; i <= args.count; i++) {
    const n = ++probe.seq;
    if (args.player === 'engine') {
      const song = { id: 900_000 + n, auditionCode: `bench-${n}` };
      void hook.store.getState().playSong(song, { audition: true, actionType: 'row' });
    } else {
      latest = i;
      void fetch(`${args.url}?n=${n}`)
        .then((r) => r.arrayBuffer())
        .then((bytes) => ctx.decodeAudioData(bytes))
        .then((buffer) => {
          if (i !== latest) return;
          source?.stop();
          source = new AudioBufferSourceNode(ctx, { buffer });
          source.connect(engine.analyser);
          source.start();
          playing = i;
        });
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 1500));
  observer.disconnect();
  const underruns = stats() - underrunsBefore;
  if (args.player === 'engine') {
    const id = hook.store.getState().id;
    playing = typeof id === 'number' ? id - 900_000 - first + 1 : 0;
    hook.store.getState().pause();
  } else (source as AudioBufferSourceNode | null)?.stop();
  return { longTasks, underruns, playing };
}

/** Plays `count` songs in turn (full encrypted plays); answers the cache's bytes and bound. */
export async function manyPlays({
  songs,
  count,
}: {
  songs: { id: number }[];
  count: number;
}): Promise<{ bytes: number; limit: number; entries: number; heap: number }> {
  const hook = (window as unknown as { __yinkuPlayer: Hook }).__yinkuPlayer;
  for (let i = 0; i < count; i++)
    await hook.store.getState().playSong(songs[i % songs.length]!, { actionType: 'row' });
  const b = hook.engine().buffers;
  const heap =
    (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
  return { bytes: b.size, limit: b.limit, entries: b.count, heap };
}

/** Wall time of `jobs` concurrent decodes of `url` on a fresh pool of each size (after a warm-up). */
export async function poolSizes({
  url,
  jobs,
  sizes,
}: {
  url: string;
  jobs: number;
  sizes: number[];
}): Promise<Record<number, number>> {
  const hook = (window as unknown as { __yinkuPlayer: Hook }).__yinkuPlayer;
  const out: Record<number, number> = {};
  for (const size of sizes) {
    const pool = hook.internals().createPool(size);
    const run = (tag: string) =>
      Promise.all(
        Array.from({ length: jobs }, (_, i) =>
          pool.load({
            jobId: `${tag}${size}-${i}`,
            url: `${url}?${tag}${size}-${i}`,
            mode: 'plain',
          }),
        ),
      );
    await run('w'); // starts every worker and its WASM
    const t = performance.now();
    await run('m');
    out[size] = performance.now() - t;
    pool.terminate();
  }
  return out;
}
