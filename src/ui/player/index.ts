/**
 * The player's one door (docs/AUDIO.md, "The player room"): what the app shell and the features
 * use of the sample player — its store, the audio engine's runtime, the bar and how lists play.
 */
export {
  usePlayerStore,
  resetPlayerStore,
  configurePlayer,
  isActive,
  isActiveRow,
} from './store/player.store.ts';
export type { ActionType, PlayerState, PlayOptions, PlayerPhase } from './store/player.store.ts';
export { LOOP_TYPES, type LoopType } from './store/player-queue.ts';
export { heardAs } from './store/project-sync.ts';
export type { PlayerSong, PlaybackEngine, LoadedTrack } from './engine/playback-engine.types.ts';
export type { AudioSession } from './engine/track-loader.ts';
export { AudioEngine } from './engine/audio-engine.ts';
export { loadPrivateKey, ensureClientKey, forgetDeviceKey } from './engine/device-key.ts';
export {
  analyseAudioFile,
  getAnticipation,
  getAudioEngine,
  getCachedPeaks,
  onTruncatedAudio,
  setAudioSession,
  takeTruncation,
  warmAudio,
} from './engine/audio-runtime.ts';
export type { Candidate } from './engine/anticipation.ts';
export { asHeardFile } from './engine/as-heard-file.ts';

/** The bottom sample player of the sounds frame (docs/PRODUCT.md §4, §9). */
export { SamplePlayerBar } from './view/SamplePlayerBar.tsx';

/** How a list (rows, the detail panel) plays, toggles and seeks a sample through the player. */
export {
  anticipate,
  auditionSample,
  playFromList,
  seekBy,
  seekSample,
  switchToSample,
  toggleSample,
} from './store/play-sample.ts';

/** Whether Sync changes how a sample is heard (rows then offer "download as heard"). */
export { useChangedBySync } from './view/AsHeardButton.tsx';
