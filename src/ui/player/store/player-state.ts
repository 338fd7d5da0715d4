import { DEFAULTS } from '../../../shared/constants.ts';
import type { AudioErrorInfo } from '../../../shared/audio/audio-errors.ts';
import type { PlayerSong } from '../engine/playback-engine.types.ts';
import { phaseFlags, type PlayerPhase } from './player-phase.ts';
import { LOOP_TYPES, type LoopType } from './player-queue.ts';

/** What started the current playback (docs/PRODUCT.md §3). */
export type ActionType = 'init' | 'button' | 'row' | 'seek' | 'auto' | 'ended';

/** Options of `playSong`. */
export interface PlayOptions {
  actionType?: ActionType;
  /** Where to start, 0–1. */
  startProgress?: number;
  /** Play the public preview (auditionCode) instead of the encrypted full file. */
  audition?: boolean;
}

/** The sample player's state (docs/PRODUCT.md §3 "Sample player state") and its actions (docs/PRODUCT.md §4). */
export interface PlayerState {
  loopType: LoopType;
  /** 0–100, default 60. */
  volume: number;
  playList: PlayerSong[];
  song: PlayerSong | null;
  id: number | null;
  /** The named phase (player-phase.ts); the three flags below are derived from it. */
  phase: PlayerPhase;
  /** phase 'playing'. */
  isPlaying: boolean;
  /** phase 'paused'. */
  isPause: boolean;
  /** phase 'loading': the current request loads. */
  isLoading: boolean;
  /** The current playback is a preview (auditionCode). */
  audition: boolean;
  /** 0–1, updated at most once per animation frame. */
  progress: number;
  /** Seconds. */
  duration: number;
  pausedProgress: number;
  startProgress: number;
  /** Seconds into the track. */
  currentTime: number;
  actionType: ActionType;
  /** The AudioContext could not be unlocked: ask for a click (docs/PRODUCT.md §8). */
  needsUserInteraction: boolean;
  /** The last playback failure (aborts never land here); DECRYPT must be shown as an alert. */
  lastError: AudioErrorInfo | null;

  playSong(song: PlayerSong, options?: PlayOptions): Promise<void>;
  togglePlay(song?: PlayerSong, fromRow?: boolean): Promise<void>;
  toggleAudition(song: PlayerSong): Promise<void>;
  pause(): void;
  seek(fraction: number): Promise<void>;
  next(): Promise<void>;
  previous(): Promise<void>;
  addToPlayList(songs: PlayerSong | PlayerSong[]): void;
  setPlayList(songs: PlayerSong[]): void;
  setVolume(volume: number): void;
  setLoopType(loopType: LoopType): void;
  setProgress(progress: number): void;
  /** Call on the first user gesture: resumes the AudioContext and plays a held request. */
  unlock(): Promise<boolean>;
}

/** The state without its actions: what `initialPlayerData` holds. */
type PlayerData = Omit<
  PlayerState,
  {
    [K in keyof PlayerState]: PlayerState[K] extends (...a: never[]) => unknown ? K : never;
  }[keyof PlayerState]
>;

/** The state a fresh page (and `resetPlayerStore`) starts from (docs/PRODUCT.md §9 defaults). */
export const initialPlayerData: PlayerData = {
  loopType: LOOP_TYPES.off,
  volume: DEFAULTS.playerVolume,
  playList: [],
  song: null,
  id: null,
  ...phaseFlags('idle'),
  audition: false,
  progress: 0,
  duration: 0,
  pausedProgress: 0,
  startProgress: 0,
  currentTime: 0,
  actionType: 'init',
  needsUserInteraction: false,
  lastError: null,
};
