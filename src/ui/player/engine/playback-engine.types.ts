import type { AudioErrorInfo } from '../../../shared/audio/audio-errors.ts';
import type { Sample } from '../../../shared/api/catalogue.types.ts';
import type { TimePitch } from '../../../shared/audio/sync-params.ts';

/** A song the sample player can play: a sample row, or anything with an id and optional preview. */
export type PlayerSong = Pick<Sample, 'id'> & Partial<Omit<Sample, 'id'>>;

/** A decoded track ready to start, as the engine hands it to the store. */
export interface LoadedTrack {
  /** Cache key: `play:<id>` or `audition:<code>`. */
  key: string;
  /** Seconds. */
  duration: number;
}

/** Options of `PlaybackEngine.start`. */
export interface StartOptions {
  /** Ramp the gain up over the fade length (false: start at full gain, e.g. short one-shots). */
  fadeIn: boolean;
  /**
   * Repeat the whole file as one continuous voice, sample-accurate across its seams, until
   * stopped or `setLoop(false)`: the engine repeats it, not the store (docs/AUDIO.md, "Loops").
   */
  loop?: boolean;
  /** Called once when the track plays to its natural end (never after `stop`, nor while looping). */
  onEnded: () => void;
  /**
   * Called when a track that started on a preview turns out not to be authentic (the whole
   * body failed AES-GCM: DECRYPT); the engine has already faded the voice out.
   */
  onError?: (error: AudioErrorInfo) => void;
  /**
   * Synced audition (docs/AUDIO.md, "Synced audition"): play time-stretched by `rate` and
   * pitch-shifted by `semitones`. Null or absent: the plain voice, exactly as without Sync.
   */
  timePitch?: TimePitch | null;
  /**
   * Context time to start at (a bar line of my beat, docs/AUDIO.md "My beat"); absent or past:
   * now. The voice is silent until then and its timeline starts there.
   */
  at?: number;
  /** Gain of the auditions' bus from `at` on (matched loudness, "My beat"); absent: 1. */
  gain?: number;
}

/** What the player store needs from the audio engine (the real one, or a fake in unit tests). */
export interface PlaybackEngine {
  /**
   * Loads from cache or network: a first slice may answer first, unless `whole` (a start that
   * must not play one). Rejects with AudioError ABORTED when `signal` aborts.
   */
  load(
    song: PlayerSong,
    options: { audition: boolean; signal: AbortSignal; whole?: boolean },
  ): Promise<LoadedTrack>;
  /**
   * The song's track when it is already decoded and can start at once (no await), else null:
   * the store starts such a click before anything renders.
   */
  cached(song: PlayerSong, audition: boolean): LoadedTrack | null;
  /** Starts `track` at `offset` seconds; any voice still playing fades out (source change). */
  start(track: LoadedTrack, offset: number, options: StartOptions): void;
  /** The current voice repeats (true) or plays on to its end (false), without a restart. */
  setLoop(loop: boolean): void;
  /** Fades out and stops the current voice. */
  stop(): void;
  /** Seconds into the current track (wrapped at its end while looping), 0 when nothing plays. */
  position(): number;
  /**
   * Changes the stretch and shift of the synced voice playing now, without a restart; false when
   * the voice playing is not a synced one (the caller restarts it to sync it).
   */
  setTimePitch(timePitch: TimePitch | null): boolean;
  /** Output gain 0–1. */
  setVolume(gain: number): void;
  /** True while the AudioContext waits for a user gesture (autoplay policy). */
  isSuspended(): boolean;
  /** Tries to resume the AudioContext; true when it runs. */
  unlock(): Promise<boolean>;
}
