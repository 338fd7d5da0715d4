/** The audio engine's public face for the app shell and features (no React in here). */
export { usePlayerStore, resetPlayerStore, configurePlayer } from '../stores/player.store.ts';
export type { ActionType, PlayerState, PlayOptions } from '../stores/player.store.ts';
export { LOOP_TYPES, type LoopType } from '../stores/player-queue.ts';
export type { PlayerSong, PlaybackEngine, LoadedTrack } from './playback-engine.types.ts';
export type { AudioSession } from './track-loader.ts';
export { AudioEngine } from './audio-engine.ts';
export { loadPrivateKey, ensureClientKey, forgetDeviceKey } from './device-key.ts';
export {
  getAnticipation,
  getAudioEngine,
  getCachedPeaks,
  onTruncatedAudio,
  setAudioSession,
  takeTruncation,
  warmAudio,
} from './audio-runtime.ts';
export type { Candidate } from './anticipation.ts';
export { asHeardFile } from './as-heard-file.ts';
