import { configurePlayer, usePlayerStore } from '../stores/player.store.ts';
import { AudioEngine } from './audio-engine.ts';
import { loadPrivateKey } from './device-key.ts';
import { TrackLoader, type AudioSession } from './track-loader.ts';
import { AudioWorkerPool } from './worker-pool.ts';

/** The audio engine's public face for the app shell and features (no React in here). */
export { usePlayerStore, resetPlayerStore, configurePlayer } from '../stores/player.store.ts';
export type { ActionType, PlayerState, PlayOptions } from '../stores/player.store.ts';
export { LOOP_TYPES, type LoopType } from '../stores/player-queue.ts';
export type { PlayerSong, PlaybackEngine, LoadedTrack } from './playback-engine.types.ts';
export type { AudioSession } from './track-loader.ts';
export { AudioEngine } from './audio-engine.ts';
export { loadPrivateKey, ensureClientKey, forgetDeviceKey } from './device-key.ts';

let engine: AudioEngine | null = null;
let loader: TrackLoader | null = null;
let pool: AudioWorkerPool | null = null;

/** The one engine of the page, made on first use (AudioContext at the device's rate). */
export function getAudioEngine(): AudioEngine {
  if (!engine) {
    pool = new AudioWorkerPool();
    const trackLoader = new TrackLoader(pool);
    loader = trackLoader;
    const context = new AudioContext({ latencyHint: 'interactive' });
    engine = new AudioEngine({
      context,
      source: (song, audition, signal) => trackLoader.load(song, audition, signal),
    });
  }
  return engine;
}

/** Peaks of a played sample (0..1), from the 500-entry spectrum cache, if it is there. */
export function getCachedPeaks(id: number): Float32Array | undefined {
  return loader?.spectra.get(id);
}

/**
 * player/initialize: connects the player store to the engine, sets the gateway session, makes
 * or loads the device key in the background, and unlocks audio on the first user gesture.
 */
export function initializePlayer(session: AudioSession): AudioEngine {
  const eng = getAudioEngine();
  loader!.setSession(session);
  configurePlayer({ engine: eng });
  void loadPrivateKey().catch((error: unknown) => console.error('[audio] device key', error));
  if (!gestureHooked) {
    gestureHooked = true;
    const onGesture = () => {
      const state = usePlayerStore.getState();
      if (eng.isSuspended() || state.needsUserInteraction) void state.unlock();
    };
    for (const type of ['pointerdown', 'keydown'] as const)
      window.addEventListener(type, onGesture, { capture: true });
  }
  // End-to-end tests and benchmarks drive the engine from the page when this flag is set.
  if (localStorage.getItem('yinku.audioTestHooks') === '1') {
    (window as unknown as { __yinkuAudio?: unknown }).__yinkuAudio = {
      engine: eng,
      store: usePlayerStore,
      pool,
    };
  }
  return eng;
}
let gestureHooked = false;
