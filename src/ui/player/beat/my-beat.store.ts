import { create, type StateCreator } from 'zustand';
import { persist } from 'zustand/middleware';
import { MUSICAL_KEYS, type MusicalKey } from '../../../shared/api/catalogue.types.ts';
import { isAudioErrorInfo } from '../../../shared/audio/audio-errors.ts';
import {
  beatGrid,
  BeatGridError,
  QUANTISE_SETTINGS,
  type BeatGrid,
  type Quantise,
} from '../../../shared/audio/beat-grid.ts';
import type { FileAnalysis } from '../../../shared/audio/worker-protocol.ts';
import { analyseAudioFile } from '../engine/audio-runtime.ts';
import { isRecord, safeJsonStorage } from '../../stores/persist-storage.ts';
import { useSettingsStore } from '../../stores/settings.store.ts';
import { beatLoop } from './beat-loop.ts';
import {
  forgetBeat,
  loadBeat,
  saveBeat,
  type BeatAnalysis,
  type StoredBeat,
} from './beat-storage.ts';

/** The largest file taken as a beat (bytes): 16 bars at 40 BPM of 24-bit stereo at 96 kHz. */
export const MAX_BEAT_BYTES = 128 * 1024 * 1024;

/** Why a file did not become the beat (the UI says it in the user's language). */
export type BeatErrorCode = 'notAudio' | 'damaged' | 'bars' | 'tooLarge' | 'storage';

/** A beat the player can loop: what was found and the grid it plays on. */
export interface BeatInfo {
  name: string;
  analysis: BeatAnalysis;
  grid: BeatGrid;
}

/** The beat itself: getting it in, its analysis, its memory in IndexedDB. */
interface BeatSlice {
  status: 'empty' | 'analysing' | 'ready';
  beat: BeatInfo | null;
  error: { code: BeatErrorCode; detail: string } | null;
  /** Analyses `file` in the browser and makes it the beat (the previous one stays on failure). */
  addBeat: (file: Blob & { name?: string }) => Promise<void>;
  /** Brings back the beat kept in IndexedDB (on start-up). */
  restoreBeat: () => Promise<void>;
  /** Forgets the beat here and in IndexedDB. */
  removeBeat: () => Promise<void>;
  /** Corrects the bars the bounce holds (and so its tempo, and the project's). */
  setBars: (bars: number) => Promise<void>;
}

/** How the beat plays under the auditions (the persisted part, plus whether it runs). */
interface PlaybackSlice {
  /** The beat plays under every audition (an audition starts it if it is not running). */
  enabled: boolean;
  /** Its loop runs now. */
  playing: boolean;
  /** The beat's fader, 0–1. */
  volume: number;
  quantise: Quantise;
  matchLoudness: boolean;
  /** Starts the beat's loop (its first downbeat at least `ahead` s away); false without a beat. */
  playBeat: (ahead?: number) => boolean;
  stopBeat: () => void;
  setVolume: (volume: number) => void;
  setQuantise: (quantise: Quantise) => void;
  setMatchLoudness: (on: boolean) => void;
  setEnabled: (on: boolean) => void;
}

/** My beat's whole state (docs/AUDIO.md, "My beat"). */
export type MyBeatState = BeatSlice & PlaybackSlice;

/** What the store reaches outside itself: the pool's analysis, IndexedDB, the engine's loop. */
export interface MyBeatDeps {
  analyse: (bytes: ArrayBuffer) => Promise<FileAnalysis>;
  load: () => Promise<StoredBeat | null>;
  save: (beat: StoredBeat) => Promise<void>;
  forget: () => Promise<void>;
  loop: Pick<typeof beatLoop, 'setAudio' | 'setBars' | 'start' | 'stop' | 'setVolume' | 'clear'>;
}

const realDeps: MyBeatDeps = {
  analyse: analyseAudioFile,
  load: loadBeat,
  save: saveBeat,
  forget: forgetBeat,
  loop: beatLoop,
};
let deps: MyBeatDeps = realDeps;

/** Points the store at other parts (unit tests); without an argument, back to the real ones. */
export function configureMyBeat(next: Partial<MyBeatDeps> = {}): void {
  deps = { ...realDeps, ...next };
}

type Slice<T> = StateCreator<MyBeatState, [['zustand/persist', unknown]], [], T>;

const beatSlice: Slice<BeatSlice> = (set, get) => {
  /** Makes `stored` the playing beat: its audio decoded, its grid, the project's tempo and key. */
  const adopt = async (stored: StoredBeat, setProject: boolean) => {
    const grid = beatGrid(stored.analysis.duration, stored.analysis.bpm, stored.bars);
    const wasPlaying = get().playing;
    await deps.loop.setAudio(stored.bytes, grid.bars);
    set({
      status: 'ready',
      beat: { name: stored.name, analysis: stored.analysis, grid },
      error: null,
      playing: false,
    });
    if (setProject) followBeat(grid, stored.analysis.key);
    if (wasPlaying) get().playBeat();
  };
  return {
    status: 'empty',
    beat: null,
    error: null,

    async addBeat(file) {
      const name = (file.name ?? '').replace(/\.[^.]+$/, '') || 'beat';
      if (file.size > MAX_BEAT_BYTES) {
        set({ error: { code: 'tooLarge', detail: `${file.size} bytes` } });
        return;
      }
      set({ status: 'analysing', error: null });
      // The beat there before (if any) stays.
      const fail = (code: BeatErrorCode, detail: string): void => {
        set({ status: get().beat ? 'ready' : 'empty', error: { code, detail } });
      };
      let stored: StoredBeat;
      try {
        const bytes = await file.arrayBuffer();
        // The pool takes its copy's buffer over; the file's own bytes are kept.
        const found = await deps.analyse(bytes.slice(0));
        const analysis: BeatAnalysis = {
          duration: found.duration,
          bpm: found.bpm,
          key: isKey(found.key) ? found.key : null,
          lufs: found.lufs,
          truePeakDb: found.truePeakDb,
        };
        stored = { name, bytes, analysis, bars: beatGrid(found.duration, found.bpm).bars };
        await adopt(stored, true);
      } catch (error) {
        if (error instanceof BeatGridError) return fail('bars', error.message);
        if (isAudioErrorInfo(error))
          return fail(error.code === 'UNSUPPORTED_FORMAT' ? 'notAudio' : 'damaged', error.message);
        // decodeAudioData refuses what our decoders took: a damaged file to the user.
        return fail('damaged', (error as Error)?.message ?? String(error));
      }
      try {
        await deps.save(stored);
      } catch (error) {
        // It plays now, but will not be there after a reload: say so.
        set({ error: { code: 'storage', detail: (error as Error)?.message ?? String(error) } });
      }
    },

    async restoreBeat() {
      if (get().beat) return;
      const stored = await deps.load().catch(() => null);
      if (!stored || get().beat) return;
      // The project's tempo and key are the user's as saved (they may have corrected them).
      await adopt(stored, false).catch((error: unknown) =>
        set({ error: { code: 'damaged', detail: (error as Error)?.message ?? String(error) } }),
      );
    },

    async removeBeat() {
      deps.loop.clear();
      set({ status: 'empty', beat: null, error: null, playing: false });
      await deps
        .forget()
        .catch((error: unknown) =>
          set({ error: { code: 'storage', detail: (error as Error)?.message ?? String(error) } }),
        );
    },

    async setBars(bars) {
      const beat = get().beat;
      if (!beat || bars === beat.grid.bars) return;
      let grid: BeatGrid;
      try {
        grid = beatGrid(beat.analysis.duration, beat.analysis.bpm, bars);
      } catch (error) {
        set({ error: { code: 'bars', detail: (error as Error).message } });
        return;
      }
      deps.loop.setBars(grid.bars);
      set({ beat: { ...beat, grid }, error: null });
      followBeat(grid, null);
      const stored = await deps.load().catch(() => null);
      if (stored) await deps.save({ ...stored, bars: grid.bars }).catch(() => {});
    },
  };
};

const playbackSlice: Slice<PlaybackSlice> = (set, get) => ({
  enabled: true,
  playing: false,
  volume: 0.8,
  quantise: 'bar',
  matchLoudness: false,
  playBeat(ahead) {
    if (!get().beat) return false;
    deps.loop.setVolume(get().volume);
    const started = deps.loop.start(ahead);
    set({ playing: started });
    return started;
  },
  stopBeat() {
    deps.loop.stop();
    set({ playing: false });
  },
  setVolume(volume) {
    const v = Math.min(1, Math.max(0, volume));
    deps.loop.setVolume(v);
    set({ volume: v });
  },
  setQuantise(quantise) {
    set({ quantise });
  },
  setMatchLoudness(on) {
    set({ matchLoudness: on });
  },
  setEnabled(on) {
    if (!on) get().stopBeat();
    set({ enabled: on });
  },
});

/** The project follows the beat: its tempo (exact, not rounded) and key; Sync on. */
function followBeat(grid: BeatGrid, key: MusicalKey | null): void {
  const settings = useSettingsStore.getState();
  settings.set('projectTempo', grid.bpm);
  if (key) settings.set('projectKey', key);
  settings.set('sync', true);
}

const isKey = (v: unknown): v is MusicalKey => MUSICAL_KEYS.includes(v as MusicalKey);

/** The persisted choices, read back only when valid. */
function sanitize(stored: unknown): Partial<MyBeatState> {
  if (!isRecord(stored)) return {};
  const out: Partial<MyBeatState> = {};
  if (typeof stored.volume === 'number' && stored.volume >= 0 && stored.volume <= 1)
    out.volume = stored.volume;
  if (QUANTISE_SETTINGS.includes(stored.quantise as Quantise))
    out.quantise = stored.quantise as Quantise;
  if (typeof stored.matchLoudness === 'boolean') out.matchLoudness = stored.matchLoudness;
  if (typeof stored.enabled === 'boolean') out.enabled = stored.enabled;
  return out;
}

/**
 * My beat's store: slices for the beat and its playback; actions callable outside React through
 * `useMyBeatStore.getState()`. The fader, quantise and match settings persist in localStorage;
 * the beat itself in IndexedDB (beat-storage.ts).
 */
export const useMyBeatStore = create<MyBeatState>()(
  persist((...a) => ({ ...beatSlice(...a), ...playbackSlice(...a) }), {
    name: 'yinku.my-beat',
    version: 1,
    storage: safeJsonStorage(),
    partialize: (s) => ({
      enabled: s.enabled,
      volume: s.volume,
      quantise: s.quantise,
      matchLoudness: s.matchLoudness,
    }),
    merge: (stored, current) => ({ ...current, ...sanitize(stored) }),
  }),
);

const initial = useMyBeatStore.getState();

/** Back to no beat and default settings (tests, logout); the beat's audio stops. */
export function resetMyBeatStore(): void {
  deps.loop.clear();
  useMyBeatStore.setState(initial, true);
}
