import { CLIENT_MARKER_HEADER } from '../../shared/constants.ts';
import { apiBase, CLIENT_MARKER } from '../api/api-config.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { useSessionStore } from '../stores/session.store.ts';
import { AudioEngine } from './audio-engine.ts';
import { loadPrivateKey } from './device-key.ts';
import { TrackLoader, type AudioSession } from './track-loader.ts';
import { AudioWorkerPool } from './worker-pool.ts';

let engine: AudioEngine | null = null;
let loader: TrackLoader | null = null;
let pool: AudioWorkerPool | null = null;

/** The app's session: the gateway at apiBase(), the session store's token, our client marker. */
function defaultSession(): AudioSession {
  return {
    baseUrl: apiBase(),
    getAccessToken: () => useSessionStore.getState().accessToken,
    headers: () => ({
      [CLIENT_MARKER_HEADER]: CLIENT_MARKER,
      'accept-language': currentLanguage(),
    }),
  };
}

/**
 * The render buffer we ask for. Browsers clamp it to the smallest the device allows; their own
 * 'interactive' choice can be much larger (a 40 ms start floor in headless Chromium on Linux
 * against 10 ms with this), and every click waits for it. Underruns are measured by the
 * benchmark (docs/AUDIO.md, "Output latency").
 */
const OUTPUT_LATENCY_S = 0.001;

/**
 * The one engine of the page, made on first use: AudioContext at the device's rate, the worker
 * pool, the device key (made or loaded in the background) and the first-gesture unlock.
 */
export function getAudioEngine(): AudioEngine {
  if (engine) return engine;
  pool = new AudioWorkerPool();
  const trackLoader = new TrackLoader(pool);
  trackLoader.setSession(defaultSession());
  loader = trackLoader;
  const eng = new AudioEngine({
    context: new AudioContext({ latencyHint: OUTPUT_LATENCY_S }),
    source: (song, audition, signal, onFirstChunk) =>
      trackLoader.load(song, audition, signal, onFirstChunk),
  });
  engine = eng;
  void loadPrivateKey().catch((error: unknown) => console.error('[audio] device key', error));
  // Autoplay policy: the first click or key press resumes audio and plays a held request.
  const onGesture = () => unlockListener?.();
  for (const type of ['pointerdown', 'keydown'] as const)
    window.addEventListener(type, onGesture, { capture: true });
  return eng;
}

let unlockListener: (() => void) | null = null;

/** What runs on a user gesture (the player store's unlock). */
export function onAudioGesture(listener: () => void): void {
  unlockListener = listener;
}

/** Points the engine at another gateway or token source (desktop shell, tests). */
export function setAudioSession(session: AudioSession): void {
  getAudioEngine();
  loader!.setSession(session);
}

/** Peaks of a played sample (0..1), from the 500-entry spectrum cache, if it is there. */
export function getCachedPeaks(id: number): Float32Array | undefined {
  return loader?.spectra.get(id);
}

/** The pool and loader behind the engine, for benchmarks and diagnostics. */
export function audioInternals(): {
  pool: AudioWorkerPool;
  loader: TrackLoader;
  loadPrivateKey: typeof loadPrivateKey;
  /** A separate pool of `size` workers (pool-size measurements). */
  createPool: (size: number) => AudioWorkerPool;
} {
  getAudioEngine();
  return {
    pool: pool!,
    loader: loader!,
    loadPrivateKey,
    createPool: (size) => new AudioWorkerPool({ size }),
  };
}
