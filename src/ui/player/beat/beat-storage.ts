import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { MusicalKey } from '../../../shared/api/catalogue.types.ts';

/** What the browser's analysis found in the beat (docs/AUDIO.md, "My beat"). */
export interface BeatAnalysis {
  /** Seconds of decoded audio. */
  duration: number;
  /** The analysis' tempo (BPM), before the bar grid fits it to the length; null: none found. */
  bpm: number | null;
  key: MusicalKey | null;
  /** Integrated loudness (LUFS) and true peak (dBTP). */
  lufs: number;
  truePeakDb: number;
}

/** My beat as IndexedDB keeps it: the file's own bytes (never uploaded) and what was found. */
export interface StoredBeat {
  name: string;
  /** The file as dropped. */
  bytes: ArrayBuffer;
  analysis: BeatAnalysis;
  /** Whole bars the bounce holds (the analysis' guess, or the user's correction). */
  bars: number;
}

let idb: UseStore | null = null;
// A database of its own (the device key's is `yinku-device`): removing a beat touches nothing else.
const store = () => (idb ??= createStore('yinku-beat', 'beat'));
const KEY = 'beat';

/** The stored beat, or null when there is none (or what is stored is not a beat). */
export async function loadBeat(): Promise<StoredBeat | null> {
  const stored = await get<unknown>(KEY, store());
  return isStoredBeat(stored) ? stored : null;
}

/** Keeps `beat` for the next visit (replacing any other). */
export function saveBeat(beat: StoredBeat): Promise<void> {
  return set(KEY, beat, store());
}

/** Forgets the stored beat. */
export function forgetBeat(): Promise<void> {
  return del(KEY, store());
}

/** Whether what IndexedDB gave back has a beat's shape (an older or broken record is ignored). */
function isStoredBeat(v: unknown): v is StoredBeat {
  if (!v || typeof v !== 'object') return false;
  const b = v as Partial<StoredBeat>;
  return (
    typeof b.name === 'string' &&
    b.bytes instanceof ArrayBuffer &&
    typeof b.bars === 'number' &&
    !!b.analysis &&
    typeof b.analysis.duration === 'number' &&
    typeof b.analysis.lufs === 'number'
  );
}
