import { CLIENT_MARKER_HEADER } from '../../../shared/constants.ts';
import type {
  AnalyseOptions,
  FileAnalysis,
  Truncation,
} from '../../../shared/audio/worker-protocol.ts';
import { apiBase, CLIENT_MARKER } from '../../api/api-config.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { tokenOutlived } from '../../api/http.client.ts';
import { refreshAfterUnauthorized, refreshInFlight } from '../../api/token-refresh.ts';
import { useSessionStore } from '../../stores/session.store.ts';
import { Anticipation } from './anticipation.ts';
import { AudioEngine } from './audio-engine.ts';
import { ensureClientKey, loadPrivateKey } from './device-key.ts';
import type { PlayerSong } from './playback-engine.types.ts';
import { TrackLoader, trackKey, type AudioSession } from './track-loader.ts';
import { AudioWorkerPool } from './worker-pool.ts';
import { renderAsHeard } from './render-as-heard.ts';
import { stretchUsage } from './stretch-node.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';

let engine: AudioEngine | null = null;
let loader: TrackLoader | null = null;
let pool: AudioWorkerPool | null = null;
let truncationListener: (() => void) | null = null;

/** The app's session: the gateway at apiBase(), the session store's token, our client marker. */
function defaultSession(): AudioSession {
  return {
    baseUrl: apiBase(),
    getAccessToken: () => useSessionStore.getState().accessToken,
    // The HTTP client's single-flight refresh, so a play and the page's calls refresh once.
    refresh: refreshAfterUnauthorized,
    tokenStale: () => refreshInFlight() !== null || tokenOutlived(),
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
  const trackLoader = loaderParts();
  const eng = new AudioEngine({
    context: new AudioContext({ latencyHint: OUTPUT_LATENCY_S }),
    source: (song, audition, signal, onFirstChunk, previewRate) =>
      trackLoader.load(song, audition, signal, onFirstChunk, previewRate),
  });
  engine = eng;
  void loadPrivateKey().catch((error: unknown) => console.error('[audio] device key', error));
  // Autoplay policy: the first click or key press resumes audio and plays a held request.
  const onGesture = () => unlockListener?.();
  for (const type of ['pointerdown', 'keydown'] as const)
    window.addEventListener(type, onGesture, { capture: true });
  return eng;
}

/** The pool and the track loader (made before the engine by a warm-up). */
function loaderParts(): TrackLoader {
  if (loader) return loader;
  pool = new AudioWorkerPool();
  loader = new TrackLoader(pool);
  loader.setSession(defaultSession());
  loader.onTruncated = () => truncationListener?.();
  return loader;
}

let anticipation: Anticipation | null = null;

/** Web Audio and workers exist here (not in jsdom or an old browser): warm-ups may run. */
const canPlay = () => typeof AudioContext !== 'undefined' && typeof Worker !== 'undefined';

/** The page's anticipation (rows fetched and decoded ahead of their click); null without audio. */
export function getAnticipation(): Anticipation | null {
  if (!canPlay()) return null;
  const eng = getAudioEngine();
  anticipation ??= new Anticipation({
    // Workers stop after 30 s idle: a row about to be clicked has them started again first.
    prefetch: (song, audition) => {
      pool!.warm();
      return eng.prefetch(song, audition);
    },
    cancelPrefetches: (keep) => eng.cancelPrefetches(keep),
    busy: () => eng.busy(),
  });
  return anticipation;
}

/**
 * Gets everything a first play needs ready while the user is still looking at the list: the
 * engine and its fade worklet, the pool's workers, the device key and, when signed in, its
 * registration for this token. Without it the first click after a page load made them all
 * (benchmarks/README.md "The real path").
 */
export function warmAudio(): void {
  if (!canPlay()) return;
  const trackLoader = loaderParts();
  pool!.warm();
  // The engine and its fade worklet too. Before any gesture its AudioContext starts suspended
  // (autoplay policy); the press that precedes a click (pointerdown, 50–100 ms earlier) resumes
  // it, which is sooner than making it then.
  void getAudioEngine()
    .ready()
    .catch(() => {});
  const session = trackLoader.session;
  const token = session?.getAccessToken();
  void loadPrivateKey()
    .then(() => token && session && ensureClientKey(session.baseUrl, token))
    .catch((error: unknown) => console.error('[audio] warm-up', error));
}

let unlockListener: (() => void) | null = null;

/** What runs on a user gesture (the player store's unlock). */
export function onAudioGesture(listener: () => void): void {
  unlockListener = listener;
}

/**
 * Decodes and analyses a local file in the worker pool (search by sound): the bytes are handed
 * to a worker (the buffer is emptied here), only the measures and the embedding come back.
 */
export function analyseAudioFile(
  bytes: ArrayBuffer,
  options?: AnalyseOptions,
): Promise<FileAnalysis> {
  loaderParts();
  return pool!.analyse(bytes, options);
}

/** Points the engine at another gateway or token source (desktop shell, tests). */
export function setAudioSession(session: AudioSession): void {
  getAudioEngine();
  loader!.setSession(session);
}

/**
 * The cut the last decode of a song's file found (docs/AUDIO.md "Truncated files"), handed out
 * once: the player reports it when that song plays.
 */
export function takeTruncation(song: PlayerSong, audition: boolean): Truncation | undefined {
  const key = trackKey(song, audition);
  const found = loader?.truncations.get(key);
  if (found) loader!.truncations.delete(key);
  return found;
}

/** Calls `listener` after each load whose file turned out truncated; returns the unsubscribe. */
export function onTruncatedAudio(listener: () => void): () => void {
  truncationListener = listener;
  return () => {
    if (truncationListener === listener) truncationListener = null;
  };
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
  /** The synced voice rendered offline, and the settings Sync reads (the sync bench). */
  renderAsHeard: typeof renderAsHeard;
  settings: typeof useSettingsStore;
  /** The stretch processors' reports of their own process time (stretch-node.ts). */
  stretchUsage: typeof stretchUsage;
} {
  getAudioEngine();
  return {
    pool: pool!,
    loader: loader!,
    loadPrivateKey,
    createPool: (size) => new AudioWorkerPool({ size }),
    renderAsHeard,
    settings: useSettingsStore,
    stretchUsage,
  };
}
