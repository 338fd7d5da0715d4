import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioError } from '../../../shared/audio/audio-errors.ts';
import type {
  LoadedTrack,
  PlaybackEngine,
  PlayerSong,
  StartOptions,
} from '../engine/playback-engine.types.ts';
import { LOOP_TYPES, type LoopType } from './player-queue.ts';
import { configurePlayer, resetPlayerStore, usePlayerStore } from './player.store.ts';
import { setStartPlanner } from './start-plan.ts';

/** A load the test resolves or rejects by hand. */
interface PendingLoad {
  song: PlayerSong;
  audition: boolean;
  signal: AbortSignal;
  /** Only the whole track may answer (no first slice). */
  whole?: boolean;
  resolve: (duration: number) => void;
  reject: (error: unknown) => void;
}

/** A fake engine: loads wait for the test, starts and stops are recorded. */
class FakeEngine implements PlaybackEngine {
  loads: PendingLoad[] = [];
  starts: { track: LoadedTrack; offset: number; options: StartOptions }[] = [];
  stops = 0;
  gain = -1;
  pos = 0;
  suspended = false;
  unlockWorks = true;
  /** Durations of tracks already decoded, by key. */
  decoded = new Map<string, number>();
  cached(song: PlayerSong, audition: boolean): LoadedTrack | null {
    const key = `${audition ? 'audition' : 'play'}:${song.id}`;
    const duration = this.decoded.get(key);
    return duration === undefined ? null : { key, duration };
  }
  load(
    song: PlayerSong,
    options: { audition: boolean; signal: AbortSignal; whole?: boolean },
  ): Promise<LoadedTrack> {
    return new Promise((resolve, reject) => {
      const key = `${options.audition ? 'audition' : 'play'}:${song.id}`;
      options.signal.addEventListener('abort', () => reject(new AudioError('ABORTED', 'aborted')));
      this.loads.push({
        song,
        ...options,
        resolve: (duration) => resolve({ key, duration }),
        reject,
      });
    });
  }
  start(track: LoadedTrack, offset: number, options: StartOptions): void {
    this.starts.push({ track, offset, options });
    this.pos = offset;
  }
  stop(): void {
    this.stops++;
  }
  /** Every setLoop call, in order. */
  loops: boolean[] = [];
  setLoop(loop: boolean): void {
    this.loops.push(loop);
  }
  setTimePitch(): boolean {
    return false;
  }
  position(): number {
    return this.pos;
  }
  setVolume(gain: number): void {
    this.gain = gain;
  }
  isSuspended(): boolean {
    return this.suspended;
  }
  async unlock(): Promise<boolean> {
    if (this.unlockWorks) this.suspended = false;
    return this.unlockWorks;
  }
  lastLoad(): PendingLoad {
    return this.loads.at(-1)!;
  }
  ended(): void {
    this.starts.at(-1)!.options.onEnded();
  }
}

const song = (id: number, extra: Partial<PlayerSong> = {}): PlayerSong => ({
  id,
  audioName: `s${id}`,
  ...extra,
});
const flush = () => new Promise((r) => setTimeout(r, 0));
const store = () => usePlayerStore.getState();

let engine: FakeEngine;

/** Plays a one-shot of 1 s (song 2) in loop mode `mode`. */
async function playOneShot(mode: LoopType): Promise<void> {
  store().setLoopType(mode);
  engine.decoded.set('play:2', 1);
  await store().playSong(song(2, { audioData: { kind: 'oneshot' } as PlayerSong['audioData'] }));
}
let frames: Map<number, () => void>;
let lastHandle = 0;

/** Runs one animation frame. */
function frame(): void {
  const due = [...frames.values()];
  frames.clear();
  due.forEach((cb) => cb());
}

/** Starts `s` and finishes its load with `duration`. */
async function playLoaded(s: PlayerSong, duration = 10, options = {}): Promise<void> {
  const done = store().playSong(s, options);
  await flush();
  engine.lastLoad().resolve(duration);
  await done;
}

beforeEach(() => {
  engine = new FakeEngine();
  frames = new Map();
  resetPlayerStore();
  configurePlayer({
    engine,
    requestFrame: (cb) => (frames.set(++lastHandle, cb), lastHandle),
    cancelFrame: (h) => frames.delete(h),
    random: () => 0,
  });
});
afterEach(() => vi.restoreAllMocks());

describe('initial state', () => {
  it('matches docs/PRODUCT.md §3/§9 defaults', () => {
    expect(store()).toMatchObject({
      volume: 60,
      loopType: 0,
      playList: [],
      song: null,
      id: null,
      phase: 'idle',
      isPlaying: false,
      isPause: false,
      isLoading: false,
      progress: 0,
      actionType: 'init',
      needsUserInteraction: false,
    });
  });
});

describe('starting a song', () => {
  it('loads by id, then starts at the start position with a fade-in', async () => {
    await playLoaded(song(1), 10, { startProgress: 0.25 });
    expect(engine.loads[0]).toMatchObject({ audition: false });
    expect(engine.starts).toHaveLength(1);
    expect(engine.starts[0]!.offset).toBe(2.5);
    expect(engine.starts[0]!.options.fadeIn).toBe(true);
    expect(store()).toMatchObject({
      id: 1,
      isPlaying: true,
      duration: 10,
      progress: 0.25,
      actionType: 'row',
    });
  });

  it('starts a decoded track at once: no load, no loading state, before anything awaits', () => {
    engine.decoded.set('play:7', 4);
    const loading: boolean[] = [];
    const unsubscribe = usePlayerStore.subscribe((s) => void loading.push(s.isLoading));
    void store().playSong(song(7), { startProgress: 0.25 });
    unsubscribe();
    expect(engine.loads).toHaveLength(0);
    expect(engine.starts).toHaveLength(1);
    expect(engine.starts[0]!.track).toEqual({ key: 'play:7', duration: 4 });
    expect(engine.starts[0]!.offset).toBe(1);
    expect(engine.starts[0]!.options.fadeIn).toBe(true);
    expect(loading).not.toContain(true);
    expect(store()).toMatchObject({ id: 7, isPlaying: true, duration: 4, currentTime: 1 });
  });

  describe('a first slice and a start on a bar line', () => {
    afterEach(() => setStartPlanner(null));
    /** A planner that puts every start on the line at context time 5 (my beat's). */
    const onTheLine = () => setStartPlanner(({ timePitch }) => ({ at: 5, timePitch }));

    it('waits for the whole track, then plans its start (never starts on the slice)', async () => {
      onTheLine();
      const done = store().playSong(song(3));
      await flush();
      engine.lastLoad().resolve(0.4); // a first slice (its estimate)
      await flush();
      expect(engine.starts).toHaveLength(0);
      expect(engine.loads.map((l) => !!l.whole)).toEqual([false, true]);
      expect(store().phase).toBe('loading');
      engine.lastLoad().resolve(4.8);
      await done;
      expect(engine.starts).toHaveLength(1);
      expect(engine.starts[0]!.track.duration).toBe(4.8);
      expect(engine.starts[0]!.options.at).toBe(5);
      expect(store()).toMatchObject({ isPlaying: true, duration: 4.8 });
    });

    it('a pause while it waits for the whole starts nothing', async () => {
      onTheLine();
      const done = store().playSong(song(3));
      await flush();
      engine.lastLoad().resolve(0.4);
      await flush();
      store().pause();
      await done;
      expect(engine.lastLoad().whole).toBe(true);
      expect(engine.lastLoad().signal.aborted).toBe(true);
      expect(engine.starts).toHaveLength(0);
      expect(store().isPlaying).toBe(false);
    });

    it('a start at once (no line) plays what the load answered, slice or not', async () => {
      await playLoaded(song(3), 0.4);
      expect(engine.loads).toHaveLength(1);
      expect(engine.starts[0]!.track.duration).toBe(0.4);
    });
  });

  it('a decoded track still waits for the unlock while the context is suspended', async () => {
    engine.decoded.set('play:7', 4);
    engine.suspended = true;
    engine.unlockWorks = false;
    await store().playSong(song(7));
    expect(engine.starts).toHaveLength(0);
    expect(store().needsUserInteraction).toBe(true);
  });

  it('a new song aborts the previous request and fades the current voice out', async () => {
    await playLoaded(song(1));
    const stopsBefore = engine.stops;
    void store().playSong(song(2));
    await flush();
    void store().playSong(song(3));
    await flush();
    expect(engine.stops).toBe(stopsBefore + 2);
    expect(engine.loads[1]!.signal.aborted).toBe(true);
    expect(engine.loads[2]!.signal.aborted).toBe(false);
  });

  it('discards a stale request that resolves after a newer one began', async () => {
    const first = store().playSong(song(1));
    await flush();
    const firstLoad = engine.lastLoad();
    const second = store().playSong(song(2));
    await flush();
    engine.lastLoad().resolve(4);
    await second;
    firstLoad.resolve(9); // resolves late (the fake ignores it after the abort rejection)
    await first;
    expect(engine.starts.map((s) => s.track.key)).toEqual(['play:2']);
    expect(store()).toMatchObject({ id: 2, duration: 4, isPlaying: true });
  });

  it('starts short tracks (≤ 0.5 s) without a fade-in', async () => {
    await playLoaded(song(1), 0.4);
    expect(engine.starts[0]!.options.fadeIn).toBe(false);
  });

  it('ignores an abort but records and logs other failures', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const done = store().playSong(song(1));
    await flush();
    engine.lastLoad().reject(new AudioError('DECRYPT', 'bad tag'));
    await done;
    expect(store().lastError).toMatchObject({ code: 'DECRYPT' });
    expect(store()).toMatchObject({ phase: 'error', isPlaying: false, isLoading: false });
    expect(log).toHaveBeenCalledOnce();
    void store().playSong(song(2));
    await flush();
    void store().playSong(song(3)); // aborts song 2's load
    await flush();
    expect(log).toHaveBeenCalledOnce();
    expect(store().lastError).toBeNull();
  });

  it('a preview that fails decryption once the whole file is in stops and records DECRYPT', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await playLoaded(song(1));
    const first = engine.starts[0]!.options;
    await playLoaded(song(2));
    first.onError!({ code: 'DECRYPT', message: 'late' }); // a replaced voice: ignored
    expect(store()).toMatchObject({ id: 2, isPlaying: true, lastError: null });
    engine.starts[1]!.options.onError!({ code: 'DECRYPT', message: 'bad tag' });
    expect(store()).toMatchObject({
      id: 2,
      phase: 'error',
      isPlaying: false,
      lastError: { code: 'DECRYPT' },
    });
    expect(log).toHaveBeenCalledOnce();
  });
});

describe('pause, toggle and seek', () => {
  it('pause stores the current progress and fades out', async () => {
    await playLoaded(song(1), 10);
    engine.pos = 3;
    const stops = engine.stops;
    store().pause();
    expect(engine.stops).toBe(stops + 1);
    expect(store()).toMatchObject({
      isPlaying: false,
      isPause: true,
      pausedProgress: 0.3,
      progress: 0.3,
      actionType: 'button',
    });
  });

  it('toggle on the row already playing does nothing; another row plays from the start', async () => {
    await playLoaded(song(1), 10, { startProgress: 0.5 });
    await store().togglePlay(song(1), true);
    expect(engine.loads).toHaveLength(1);
    void store().togglePlay(song(2), true);
    await flush();
    engine.lastLoad().resolve(10);
    await flush();
    expect(engine.starts.at(-1)!.offset).toBe(0);
    expect(store()).toMatchObject({ id: 2, actionType: 'row' });
  });

  it('a paused row clicked again plays from the start', async () => {
    await playLoaded(song(1), 10);
    engine.pos = 5;
    store().pause();
    void store().togglePlay(song(1), true);
    await flush();
    engine.lastLoad().resolve(10);
    await flush();
    expect(engine.starts.at(-1)!.offset).toBe(0);
  });

  it('toggle without a song pauses, then resumes from pausedProgress', async () => {
    await playLoaded(song(1), 10);
    engine.pos = 4;
    await store().togglePlay();
    expect(store()).toMatchObject({ isPause: true, pausedProgress: 0.4 });
    void store().togglePlay();
    await flush();
    engine.lastLoad().resolve(10);
    await flush();
    expect(engine.starts.at(-1)!.offset).toBe(4);
    expect(store()).toMatchObject({ isPlaying: true, isPause: false, actionType: 'button' });
  });

  it('toggle while a request loads cancels it and pauses, instead of starting again', async () => {
    await playLoaded(song(1), 10);
    engine.pos = 4;
    void store().seek(0.7);
    await flush();
    expect(store().isLoading).toBe(true);
    const pending = engine.lastLoad();
    await store().togglePlay();
    expect(pending.signal.aborted).toBe(true);
    expect(engine.loads).toHaveLength(2);
    expect(store()).toMatchObject({
      phase: 'paused',
      isPlaying: false,
      isLoading: false,
      isPause: true,
    });
    expect(store().pausedProgress).toBeCloseTo(0.7, 6);
  });

  it('seek clamps, restarts at the fraction and starts playing even when paused', async () => {
    await playLoaded(song(1), 10);
    store().pause();
    void store().seek(1.7);
    await flush();
    engine.lastLoad().resolve(10);
    await flush();
    expect(engine.starts.at(-1)!.offset).toBe(10);
    void store().seek(0.6);
    await flush();
    engine.lastLoad().resolve(10);
    await flush();
    expect(engine.starts.at(-1)!).toMatchObject({ offset: 6, options: { fadeIn: true } });
    expect(store()).toMatchObject({ isPlaying: true, actionType: 'seek', startProgress: 0.6 });
  });

  it('seek on a track of 0.5 s or less restarts without a fade-in', async () => {
    await playLoaded(song(1), 0.3);
    void store().seek(0.5);
    await flush();
    engine.lastLoad().resolve(0.3);
    await flush();
    expect(engine.starts.at(-1)!.options.fadeIn).toBe(false);
  });

  it('seek without a song does nothing', async () => {
    await store().seek(0.5);
    expect(engine.loads).toHaveLength(0);
  });
});

describe('end of track', () => {
  it.each([
    ['shows progress 1 when it ended within 5 % of the end', 10, 9.6, 1],
    ['keeps the progress when it ended earlier', 10, 6, 0.6],
    ['shows progress 1 for a track under 0.5 s', 0.4, 0.1, 1],
  ])('%s', async (_case, duration, position, progress) => {
    await playLoaded(song(1), duration);
    engine.pos = position;
    frame();
    engine.ended();
    expect(store()).toMatchObject({ isPlaying: false, progress, actionType: 'ended' });
  });

  it('an ended callback of a replaced voice is ignored', async () => {
    await playLoaded(song(1), 10);
    const oldEnded = engine.starts[0]!.options.onEnded;
    await playLoaded(song(2), 10);
    oldEnded();
    expect(store()).toMatchObject({ id: 2, isPlaying: true });
  });

  it('in list loop mode the next song starts automatically', async () => {
    store().setPlayList([song(1), song(2)]);
    store().setLoopType(LOOP_TYPES.list);
    await playLoaded(song(2), 10);
    engine.pos = 10;
    engine.ended();
    await flush();
    expect(engine.lastLoad().song.id).toBe(1);
    expect(store().actionType).toBe('auto');
  });

  it('a loop sample plays as one looping voice in the modes that repeat it; a one-shot stops', async () => {
    const loop = song(1, { audioData: { kind: 'loop' } as PlayerSong['audioData'] });
    engine.decoded.set('play:1', 4);
    await store().playSong(loop);
    // The engine repeats it: no end comes, no new voice per pass.
    expect(engine.starts[0]!.options.loop).toBe(true);
    store().setLoopType(LOOP_TYPES.single);
    expect(engine.starts[0]!.options.loop).toBe(true);
    expect(engine.loops).toEqual([true]);
    // A mode that moves on lets the voice play on to its end, then the end handler advances.
    store().setLoopType(LOOP_TYPES.list);
    expect(engine.loops).toEqual([true, false]);
    await store().playSong(loop);
    expect(engine.starts[1]!.options.loop).toBe(false);

    await playOneShot(LOOP_TYPES.off);
    expect(engine.starts[2]!.options.loop).toBe(false);
    engine.ended();
    await flush();
    expect(engine.starts).toHaveLength(3);
    expect(store()).toMatchObject({ id: 2, phase: 'idle', isPlaying: false });
  });

  it('a loop whose voice still ends (its tail fade had begun when the mode changed) starts again', async () => {
    const loop = song(1, { audioData: { kind: 'loop' } as PlayerSong['audioData'] });
    store().setLoopType(LOOP_TYPES.list);
    engine.decoded.set('play:1', 4);
    await store().playSong(loop);
    store().setLoopType(LOOP_TYPES.off);
    engine.pos = 4;
    engine.ended();
    await flush();
    expect(engine.starts).toHaveLength(2);
    expect(engine.starts[1]!.offset).toBe(0);
    expect(engine.starts[1]!.options.loop).toBe(true);
    expect(store()).toMatchObject({ id: 1, isPlaying: true, actionType: 'auto' });
  });

  it('a one-shot in repeat-one mode starts again through a new voice at its end', async () => {
    await playOneShot(LOOP_TYPES.single);
    expect(engine.starts[0]!.options.loop).toBe(false);
    engine.ended();
    await flush();
    expect(engine.starts).toHaveLength(2);
    expect(store()).toMatchObject({ id: 2, isPlaying: true, actionType: 'auto' });
  });

  it('a mode change while nothing plays leaves the engine alone', async () => {
    store().setLoopType(LOOP_TYPES.single);
    await playLoaded(song(1), 10);
    store().pause();
    store().setLoopType(LOOP_TYPES.off);
    expect(engine.loops).toEqual([]);
  });

  it('in order mode advances to the next row and stops after the last', async () => {
    store().setPlayList([song(1), song(2)]);
    store().setLoopType(LOOP_TYPES.order);
    await playLoaded(song(1), 10);
    engine.ended();
    await flush();
    expect(engine.lastLoad().song.id).toBe(2);
    engine.lastLoad().resolve(10);
    await flush();
    const loads = engine.loads.length;
    engine.ended();
    await flush();
    expect(engine.loads).toHaveLength(loads);
    expect(store()).toMatchObject({ id: 2, isPlaying: false });
  });
});

describe('play list', () => {
  it('next and previous wrap round the list', async () => {
    store().setPlayList([song(1), song(2), song(3)]);
    await playLoaded(song(3));
    void store().next();
    await flush();
    expect(engine.lastLoad().song.id).toBe(1);
    void store().previous();
    await flush();
    expect(engine.lastLoad().song.id).toBe(3);
  });

  it('random mode (loopType 2) picks another song', async () => {
    store().setPlayList([song(1), song(2), song(3)]);
    store().setLoopType(LOOP_TYPES.random);
    configurePlayer({ random: () => 0 });
    await playLoaded(song(1));
    void store().next();
    await flush();
    expect(engine.lastLoad().song.id).toBe(2);
    configurePlayer({ random: () => 0.99 });
    void store().next();
    await flush();
    expect(engine.lastLoad().song.id).toBe(3);
  });

  it('additions skip ids already present', () => {
    store().addToPlayList(song(1));
    store().addToPlayList([song(1, { audioName: 'dup' }), song(2), song(2)]);
    expect(store().playList.map((s) => [s.id, s.audioName])).toEqual([
      [1, 's1'],
      [2, 's2'],
    ]);
  });
});

describe('audition', () => {
  it('plays the preview and toggles it off on the second click', async () => {
    const s = song(5, { auditionCode: 'A5' });
    void store().toggleAudition(s);
    await flush();
    engine.lastLoad().resolve(2);
    await flush();
    expect(engine.loads[0]).toMatchObject({ audition: true });
    expect(store()).toMatchObject({ audition: true, isPlaying: true });
    await store().toggleAudition(s);
    expect(store()).toMatchObject({ isPlaying: false, isPause: true });
  });
});

describe('volume and progress', () => {
  it('volume is clamped to 0–100 in steps of 1 and sent to the engine as gain', () => {
    store().setVolume(140);
    expect(store().volume).toBe(100);
    expect(engine.gain).toBe(1);
    store().setVolume(-3);
    expect(store().volume).toBe(0);
    store().setVolume(33.4);
    expect(store().volume).toBe(33);
    expect(engine.gain).toBeCloseTo(0.33);
  });

  it('progress is clamped to 0–1', () => {
    store().setProgress(2);
    expect(store().progress).toBe(1);
    store().setProgress(-1);
    expect(store().progress).toBe(0);
  });

  it('a length estimated from a first slice is corrected on the next frame', async () => {
    await playLoaded(song(1), 9.5);
    engine.starts[0]!.track.duration = 10; // the engine learned the real length
    engine.pos = 5;
    frame();
    expect(store()).toMatchObject({ duration: 10, progress: 0.5 });
  });

  it('position reaches the store at most once per animation frame', async () => {
    await playLoaded(song(1), 10);
    let updates = 0;
    const unsubscribe = usePlayerStore.subscribe((s, prev) => {
      if (s.progress !== prev.progress) updates++;
    });
    for (let i = 1; i <= 5; i++) {
      engine.pos = i; // the audio clock moves many times between frames
      engine.pos = i + 0.5;
      frame();
    }
    unsubscribe();
    expect(updates).toBe(5);
    expect(store()).toMatchObject({ progress: 0.55, currentTime: 5.5 });
    expect(frames.size).toBe(1);
    store().pause();
    frame();
    expect(frames.size).toBe(0);
  });
});

describe('suspended AudioContext', () => {
  it('holds the request and sets needsUserInteraction when unlocking fails, plays it on the gesture', async () => {
    engine.suspended = true;
    engine.unlockWorks = false;
    await store().playSong(song(7), { startProgress: 0.5 });
    expect(engine.loads).toHaveLength(0);
    expect(store()).toMatchObject({ needsUserInteraction: true, isPlaying: false });
    expect(await store().unlock()).toBe(false);
    expect(store().needsUserInteraction).toBe(true);
    engine.unlockWorks = true;
    const unlocked = store().unlock();
    await flush();
    engine.lastLoad().resolve(10);
    expect(await unlocked).toBe(true);
    expect(engine.starts[0]!.offset).toBe(5);
    expect(store()).toMatchObject({ id: 7, isPlaying: true, needsUserInteraction: false });
  });

  it('plays at once when unlocking succeeds without help', async () => {
    engine.suspended = true;
    await playLoaded(song(8));
    expect(store()).toMatchObject({ isPlaying: true, needsUserInteraction: false });
  });

  it('a newer request replaces the held one', async () => {
    engine.suspended = true;
    engine.unlockWorks = false;
    await store().playSong(song(1));
    await store().playSong(song(2));
    engine.unlockWorks = true;
    const unlocked = store().unlock();
    await flush();
    expect(engine.loads.map((l) => l.song.id)).toEqual([2]);
    engine.lastLoad().resolve(1);
    await unlocked;
  });
});
