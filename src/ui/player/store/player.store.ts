import { create } from 'zustand';
import { DEFAULTS } from '../../../shared/constants.ts';
import { isAudioErrorInfo } from '../../../shared/audio/audio-errors.ts';
import { audioInternals, getAudioEngine, onAudioGesture } from '../engine/audio-runtime.ts';
import type { LoadedTrack, PlaybackEngine, PlayerSong } from '../engine/playback-engine.types.ts';
import {
  addUnique,
  clamp,
  LOOP_TYPES,
  loopsSeamlessly,
  nextInOrder,
  pickNeighbour,
  repeatsItself,
} from './player-queue.ts';
import { isActive, phaseFlags, transition, type PlayerEvent } from './player-phase.ts';
import { previewSpeed } from './project-sync.ts';
import { planStart } from './start-plan.ts';
import {
  initialPlayerData,
  type ActionType,
  type PlayerState,
  type PlayOptions,
} from './player-state.ts';

export type { ActionType, PlayerState, PlayOptions } from './player-state.ts';
export { isActive, isActiveRow, type PlayerPhase } from './player-phase.ts';

/** Wiring the store needs at run time: the engine and a per-frame scheduler. */
interface PlayerRuntime {
  engine: PlaybackEngine | null;
  requestFrame: (cb: () => void) => number;
  cancelFrame: (handle: number) => void;
  random: () => number;
}

const runtime: PlayerRuntime = {
  engine: null,
  requestFrame: (cb) => requestAnimationFrame(cb),
  cancelFrame: (h) => cancelAnimationFrame(h),
  random: Math.random,
};

// Request bookkeeping lives outside the reactive state: React never renders it.
let requestSeq = 0;
let controller: AbortController | null = null;
let track: LoadedTrack | null = null;
let held: { song: PlayerSong; options: PlayOptions } | null = null;
let frame: number | null = null;

/** Connects the store to an engine (a fake in tests); without one it makes the app's real engine. */
export function configurePlayer(options: Partial<PlayerRuntime>): void {
  Object.assign(runtime, options);
  runtime.engine?.setVolume(usePlayerStore.getState().volume / 100);
}

/** The connected engine, or the app's real one on first use. */
function engine(): PlaybackEngine {
  if (!runtime.engine) {
    const real = getAudioEngine();
    runtime.engine = real;
    real.setVolume(usePlayerStore.getState().volume / 100);
    // A first slice must outlast the rest's arrival at the speed Sync plays it (prefetches
    // made before this judged theirs at 1: a faster play then waits for the whole).
    real.previewRate = previewSpeed;
    onAudioGesture(() => {
      const state = usePlayerStore.getState();
      if (real.isSuspended() || state.needsUserInteraction) void state.unlock();
    });
  }
  return runtime.engine;
}

/** The sample player store; actions work outside React through `usePlayerStore.getState()`. */
export const usePlayerStore = create<PlayerState>()((set, get) => {
  /** The phase (and its flags) after `event`; an event illegal in the current phase changes nothing. */
  const step = (event: PlayerEvent) => phaseFlags(transition(get().phase, event));
  /** Publishes position at most once per animation frame while playing. */
  const tick = () => {
    frame = null;
    const state = get();
    if (!state.isPlaying || !track) return;
    const time = engine().position();
    // duration too: a progressively decoded track starts with an estimate of its length.
    set({
      currentTime: time,
      duration: track.duration,
      progress: clamp(time / (track.duration || 1), 0, 1),
    });
    frame = runtime.requestFrame(tick);
  };
  const stopTicking = () => {
    if (frame !== null) runtime.cancelFrame(frame);
    frame = null;
  };
  /** Cancels the request in flight and fades the current voice out. */
  const halt = () => {
    controller?.abort();
    controller = null;
    stopTicking();
    engine().stop();
  };
  const onEnded = (seq: number) => () => {
    if (seq !== requestSeq) return;
    stopTicking();
    const { duration, progress } = get();
    const time = engine().position() || progress * duration;
    // docs/PRODUCT.md §4: show the bar full when the end came within 5 % of the length, or the track is short.
    const nearEnd = duration - time <= duration * DEFAULTS.endThreshold;
    const full = nearEnd || duration < DEFAULTS.shortTrackSeconds;
    set({
      ...step('end'),
      actionType: 'ended',
      progress: full ? 1 : progress,
      pausedProgress: 0,
    });
    const { loopType, song, playList, id, audition } = get();
    if (song && repeatsItself(song, loopType))
      void get().playSong(song, { actionType: 'auto', audition });
    else if (loopType === LOOP_TYPES.order) {
      const after = nextInOrder(playList, id);
      if (after) void get().playSong(after, { actionType: 'auto', audition });
    } else if (loopType === LOOP_TYPES.list || loopType === LOOP_TYPES.random)
      void advance(1, 'auto');
  };
  const advance = async (step: 1 | -1, actionType: ActionType) => {
    const { playList, id, loopType, audition } = get();
    const song = pickNeighbour(playList, id, step, loopType, runtime.random);
    if (song) await get().playSong(song, { actionType, audition });
  };

  /** Starts a loaded track at `startProgress`, then publishes the playing state (plus `extra`). */
  const begin = (
    seq: number,
    song: PlayerSong,
    loaded: LoadedTrack,
    startProgress: number,
    extra: Partial<PlayerState> = {},
  ) => {
    track = loaded;
    const offset = startProgress * loaded.duration;
    engine().start(loaded, offset, {
      fadeIn: loaded.duration > DEFAULTS.shortTrackSeconds,
      // A loop repeats in the engine as one voice; the store's end handler repeats the rest.
      loop: loopsSeamlessly(song, get().loopType),
      onEnded: onEnded(seq),
      // Synced stretch; with my beat, its bar line and matched gain (docs/AUDIO.md "My beat").
      ...planStart(song, loaded, offset),
      // A preview whose file then fails decryption: the engine silenced it; report as a load failure.
      onError: (info) => {
        if (seq !== requestSeq) return;
        stopTicking();
        console.error(`[player] ${info.code}: ${info.message}`);
        set({ ...step('fail'), lastError: info });
      },
    });
    set({
      ...extra,
      ...step('play'),
      duration: loaded.duration,
      currentTime: offset,
      needsUserInteraction: false,
    });
    stopTicking();
    frame = runtime.requestFrame(tick);
  };

  return {
    ...initialPlayerData,

    async playSong(song, options = {}) {
      const seq = ++requestSeq;
      const startProgress = clamp(options.startProgress ?? 0, 0, 1);
      const audition = options.audition ?? false;
      halt();
      held = null;
      const request = {
        song,
        id: song.id,
        audition,
        actionType: options.actionType ?? 'row',
        startProgress,
        progress: startProgress,
        lastError: null,
      };
      const eng = engine();
      // A decoded track starts before anything renders: the click is heard at once.
      const ready = eng.isSuspended() ? null : eng.cached(song, audition);
      if (ready) return begin(seq, song, ready, startProgress, request);
      set({ ...request, ...step('load') });
      if (eng.isSuspended() && !(await eng.unlock())) {
        // Autoplay policy: hold the request until the first gesture calls unlock().
        if (seq === requestSeq) {
          held = { song, options };
          set({ needsUserInteraction: true, ...step('hold') });
        }
        return;
      }
      const ctrl = new AbortController();
      controller = ctrl;
      let loaded: LoadedTrack;
      try {
        loaded = await eng.load(song, { audition, signal: ctrl.signal });
        // A start on my beat's bar line never plays a first slice, which could run dry before
        // the rest arrives: it waits for the whole track and takes the next line after it
        // (docs/AUDIO.md, "Progressive playback").
        if (planStart(song, loaded, startProgress * loaded.duration).at !== undefined)
          loaded = await eng.load(song, { audition, signal: ctrl.signal, whole: true });
      } catch (error) {
        if (seq !== requestSeq) return;
        if (isAudioErrorInfo(error) && error.code === 'ABORTED') return set(step('cancel'));
        const info = isAudioErrorInfo(error)
          ? { code: error.code, message: error.message, status: error.status }
          : { code: 'DECODE' as const, message: String((error as Error)?.message ?? error) };
        console.error(`[player] ${info.code}: ${info.message}`);
        set({ ...step('fail'), lastError: info });
        return;
      }
      // A newer request began while this one loaded: discard it (docs/PRODUCT.md §4).
      if (seq !== requestSeq) return;
      controller = null;
      begin(seq, song, loaded, startProgress);
    },

    async togglePlay(song, fromRow = false) {
      const state = get();
      if (song) {
        if (fromRow && song.id === state.id && state.isPlaying) return;
        return state.playSong(song, { actionType: fromRow ? 'row' : 'button' });
      }
      // While a request loads the bar shows “pause”: the toggle cancels it rather than starting again.
      if (isActive(state)) return state.pause();
      if (state.song) {
        return state.playSong(state.song, {
          actionType: 'button',
          startProgress: state.pausedProgress,
          audition: state.audition,
        });
      }
    },

    async toggleAudition(song) {
      const state = get();
      if (state.audition && state.id === song.id && isActive(state)) return state.pause();
      return state.playSong(song, { actionType: 'row', audition: true });
    },

    pause() {
      const state = get();
      if (!isActive(state)) return;
      requestSeq++;
      const time = state.isPlaying ? engine().position() : state.startProgress * state.duration;
      const progress = state.duration > 0 ? clamp(time / state.duration, 0, 1) : state.progress;
      halt();
      set({
        ...step('pause'),
        pausedProgress: progress,
        progress,
        currentTime: time,
        actionType: 'button',
      });
    },

    async seek(fraction) {
      const state = get();
      if (!state.song) return;
      await state.playSong(state.song, {
        actionType: 'seek',
        startProgress: fraction,
        audition: state.audition,
      });
    },

    next: () => advance(1, 'button'),
    previous: () => advance(-1, 'button'),

    addToPlayList(songs) {
      const list = addUnique(get().playList, Array.isArray(songs) ? songs : [songs]);
      if (list !== get().playList) set({ playList: list });
    },

    setPlayList(songs) {
      set({ playList: addUnique([], songs) });
    },

    setVolume(volume) {
      const v = Math.round(clamp(volume, DEFAULTS.sampleVolume.min, DEFAULTS.sampleVolume.max));
      set({ volume: v });
      runtime.engine?.setVolume(v / 100);
    },

    setLoopType(loopType) {
      set({ loopType });
      // A voice playing now follows the new mode at once: a loop repeats or plays on to its end.
      const { song, isPlaying } = get();
      if (isPlaying) runtime.engine?.setLoop(loopsSeamlessly(song, loopType));
    },

    setProgress(progress) {
      set({ progress: clamp(progress, 0, 1) });
    },

    async unlock() {
      const ok = await engine().unlock();
      set({ needsUserInteraction: !ok });
      if (ok && held) {
        const { song, options } = held;
        held = null;
        await get().playSong(song, options);
      }
      return ok;
    },
  };
});

// End-to-end tests and benchmarks reach the player and its engine from the page with this flag.
if (typeof localStorage !== 'undefined' && localStorage.getItem('yinku.audioTestHooks') === '1') {
  Object.assign(globalThis, {
    __yinkuPlayer: { store: usePlayerStore, engine, internals: audioInternals },
  });
}

/** Back to the initial state, with no request in flight (tests, logout). */
export function resetPlayerStore(): void {
  requestSeq++;
  controller?.abort();
  controller = null;
  if (frame !== null) runtime.cancelFrame(frame);
  frame = null;
  track = null;
  held = null;
  usePlayerStore.setState(initialPlayerData);
}
