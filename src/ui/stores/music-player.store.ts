import { create } from 'zustand';
import { DEFAULTS, type MusicTrack } from '../../shared/index.ts';
import { isActive, usePlayerStore } from '../player/store/player.store.ts';

/** What the music player drives: an `<audio>` element in the app, a fake in unit tests. */
export interface MusicOutput {
  /** Plays `url` from `fromSeconds` (loading it only when it is not the current source). */
  play(url: string, fromSeconds: number): Promise<void>;
  pause(): void;
  seek(seconds: number): void;
  setVolume(volume: number): void;
}

/** The music player's state (docs/PRODUCT.md §3 "Music player state") and its actions. */
interface MusicPlayerState {
  song: MusicTrack | null;
  /** The list previous/next walk through (the songs page's current list). */
  playList: MusicTrack[];
  isPlaying: boolean;
  /** 0–1 in steps of 0.01 (docs/PRODUCT.md §9). */
  volume: number;
  /** 0–1. */
  progress: number;
  /** Where a resume starts, 0–1. */
  pausedProgress: number;
  /** Seconds. */
  currentTime: number;
  /** Seconds (the catalogue's figure until the stream's metadata arrives). */
  duration: number;
  /** Why the last playback failed (shown in the bar), null when fine. */
  error: string | null;

  setPlayList(songs: MusicTrack[]): void;
  playSong(song: MusicTrack, startProgress?: number): Promise<void>;
  togglePlay(): Promise<void>;
  pause(): void;
  seek(fraction: number): void;
  next(): Promise<void>;
  previous(): Promise<void>;
  setVolume(volume: number): void;
  /** From the element: position and length moved. */
  timeUpdate(currentTime: number, duration: number): void;
  /** From the element: the song played to its end. */
  ended(): Promise<void>;
  /** From the element or play(): playback failed. */
  failed(message: string): void;
}

let output: MusicOutput | null = null;

/** Installs what the store drives (the app's `<audio>` controller, or a fake in tests). */
export function configureMusicPlayer(next: MusicOutput | null): void {
  output = next;
}

const clamp01 = (value: number): number =>
  Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;

/** Clamps to 0–1 and rounds to the slider's 0.01 step. */
function normaliseMusicVolume(volume: number): number {
  return Math.round(clamp01(volume) / DEFAULTS.musicVolume.step) * DEFAULTS.musicVolume.step;
}

/** Which volume icon to show: at or above 0.7 high, at or above 0.3 low, below that muted. */
export function musicVolumeIcon(volume: number): 'volumeHigh' | 'volumeLow' | 'volumeMute' {
  if (volume >= DEFAULTS.musicVolume.highIcon) return 'volumeHigh';
  if (volume >= DEFAULTS.musicVolume.lowIcon) return 'volumeLow';
  return 'volumeMute';
}

const initial = {
  song: null,
  playList: [],
  isPlaying: false,
  volume: DEFAULTS.appVolume,
  progress: 0,
  pausedProgress: 0,
  currentTime: 0,
  duration: 0,
  error: null,
} satisfies Partial<MusicPlayerState>;

// Increments on every play request so a slow, superseded play() cannot flip state back.
let playSeq = 0;

/** The music player of /songai: one song at a time, streamed, never alongside the sample player. */
export const useMusicPlayerStore = create<MusicPlayerState>()((set, get) => ({
  ...initial,

  setPlayList(songs) {
    set({ playList: songs });
  },

  async playSong(song, startProgress = 0) {
    const from = clamp01(startProgress);
    const seq = ++playSeq;
    // The two players never sound at once (issue 6).
    usePlayerStore.getState().pause();
    const duration =
      get().song?.id === song.id && get().duration > 0 ? get().duration : song.duration;
    set({
      song,
      isPlaying: true,
      duration,
      progress: from,
      currentTime: from * duration,
      pausedProgress: 0,
      error: null,
    });
    try {
      await output?.play(song.streamUrl, from * duration);
    } catch (error) {
      // A newer request interrupting this one (AbortError) is not a failure.
      if (seq !== playSeq || (error instanceof DOMException && error.name === 'AbortError')) return;
      get().failed(error instanceof Error ? error.message : String(error));
    }
  },

  async togglePlay() {
    const state = get();
    if (state.isPlaying) return state.pause();
    if (state.song) return state.playSong(state.song, state.pausedProgress);
    const first = state.playList[0];
    if (first) return state.playSong(first);
  },

  pause() {
    const state = get();
    if (!state.isPlaying) return;
    playSeq++;
    output?.pause();
    set({ isPlaying: false, pausedProgress: state.progress });
  },

  seek(fraction) {
    const state = get();
    if (!state.song) return;
    const progress = clamp01(fraction);
    const seconds = progress * state.duration;
    output?.seek(seconds);
    set({
      progress,
      currentTime: seconds,
      pausedProgress: state.isPlaying ? state.pausedProgress : progress,
    });
  },

  async next() {
    const { song, playList } = get();
    const index = song ? playList.findIndex((s) => s.id === song.id) : -1;
    const next = playList[index + 1];
    if (next) await get().playSong(next);
  },

  async previous() {
    const { song, playList } = get();
    const index = song ? playList.findIndex((s) => s.id === song.id) : -1;
    const previous = index > 0 ? playList[index - 1] : undefined;
    if (previous) await get().playSong(previous);
  },

  setVolume(volume) {
    const next = normaliseMusicVolume(volume);
    output?.setVolume(next);
    set({ volume: next });
  },

  timeUpdate(currentTime, duration) {
    const length = Number.isFinite(duration) && duration > 0 ? duration : get().duration;
    set({
      currentTime,
      duration: length,
      progress: length > 0 ? clamp01(currentTime / length) : 0,
    });
  },

  async ended() {
    const { song, playList } = get();
    const index = song ? playList.findIndex((s) => s.id === song.id) : -1;
    if (index >= 0 && index < playList.length - 1) return get().next();
    playSeq++;
    set({ isPlaying: false, progress: 1, pausedProgress: 0 });
  },

  failed(message) {
    playSeq++;
    set({ isPlaying: false, pausedProgress: get().progress, error: message });
  },
}));

/** Whether previous/next have somewhere to go in the play list. */
export function neighboursOf(state: Pick<MusicPlayerState, 'song' | 'playList'>): {
  hasPrevious: boolean;
  hasNext: boolean;
} {
  const index = state.song ? state.playList.findIndex((s) => s.id === state.song!.id) : -1;
  return { hasPrevious: index > 0, hasNext: index >= 0 && index < state.playList.length - 1 };
}

/** Back to the initial state (tests). */
export function resetMusicPlayerStore(): void {
  playSeq++;
  useMusicPlayerStore.setState({ ...initial });
}

// The reverse direction: when the sample player starts (or loads) a sample, the music pauses.
usePlayerStore.subscribe((state, previous) => {
  if (isActive(state) && !isActive(previous)) useMusicPlayerStore.getState().pause();
});
