/** Business constants of docs/PRODUCT.md §9, one typed object so every part reads the same numbers. */
export const DEFAULTS = {
  /** HTTP client timeout per request (ms). */
  requestTimeoutMs: 300_000,
  /** A code-split chunk that has not loaded by then is a ChunkLoadError (ms). */
  chunkLoadTimeoutMs: 120_000,
  /** Access-token lifetime, recorded on login and refresh (ms). */
  tokenLifetimeMs: 7_200_000,
  /** Spectrum cache: entries kept, oldest dropped. */
  spectrumCacheLimit: 500,
  /** Number of peaks in a spectrum answer. */
  spectrumPeaks: 256,
  /** Fade length for start, pause, seek, end and source change (ms). */
  fadeMs: 50,
  /** Gain floor of an exponential fade (a fade never reaches 0). */
  minGain: 0.0001,
  /** App-setting volume, 0–1. */
  appVolume: 0.8,
  /** Sample-player volume, 0–100. */
  playerVolume: 60,
  /** Sample-player volume slider range and step. */
  sampleVolume: { min: 0, max: 100, step: 1, highIcon: 70, lowIcon: 30 },
  /** Music-player volume slider range and step. */
  musicVolume: { min: 0, max: 1, step: 0.01, highIcon: 0.7, lowIcon: 0.3 },
  /** Progress slider range and step (percent). */
  progressSlider: { min: 0, max: 100, step: 0.1 },
  /** Within this fraction of the end, an ended track shows progress 1. */
  endThreshold: 0.05,
  /** Tracks shorter than this (s) count as short: no seek fade-in, progress 1 at end. */
  shortTrackSeconds: 0.5,
  /** Audio data smaller than this (bytes) is invalid (docs/PRODUCT.md §5). */
  minAudioBytes: 1024,
  /** Rows shown in the selected-rows stack preview. */
  selectionStackPreview: 3,
  /** Layout breakpoints (px). */
  breakpoints: { navList: 960, metadata: 990, volumePopup: 768 },
  /** Default sort of asset lists. */
  assetSort: 'MOST_POPULAR',
  /** Default main colour. */
  mainColour: '#409eff',
  /** Default language. */
  language: 'zh',
  /** Default display mode. */
  displayMode: 'light',
  /** Loop type meaning "random" in the sample player. */
  randomLoopType: 2,
  /** Largest page size a list call accepts. */
  maxPageSize: 100,
  /** Default page size of list calls. */
  defaultPageSize: 30,
  /** Decoded-PCM cache bound (bytes). */
  pcmCacheBytes: 256 * 1024 * 1024,
} as const;

/** Paths kept out of the tab history (docs/PRODUCT.md §4). */
export const TAB_EXCLUDED_PATHS = ['/login', '/import', '/404', '/401'] as const;

/** Invitation-code format XXX_XXX (docs/PRODUCT.md §5). */
export const INVITATION_CODE_PATTERN = /^[A-Za-z0-9]{3}_[A-Za-z0-9]{3}$/;

/** Minimum password length (docs/PRODUCT.md §5). */
export const PASSWORD_MIN_LENGTH = 6;

/** Local-storage key of the access token (docs/PRODUCT.md §9: "a fixed local key"). */
export const ACCESS_TOKEN_KEY = 'yinku.accessToken';

/** Header that marks requests from our client (docs/PRODUCT.md §7). */
export const CLIENT_MARKER_HEADER = 'x-yinku-client';
