import { create } from 'zustand';
import type { SampleKind } from '../../../../shared/index.ts';

/** A file searched by sound: what the gateway is asked with, and what the page says about it. */
export interface SoundQuery {
  /** Bumped per search, so the same file dropped again lists again. */
  id: number;
  fileName: string;
  /** The embedding the worker computed; the only thing about the file that is sent. */
  embedding: number[];
  kind: SampleKind;
  bpm: number | null;
  key: string | null;
}

/** Search by sound's state: in memory only, so a reload asks for the file again. */
interface SoundSearchState {
  query: SoundQuery | null;
  /** The file being analysed, while it is. */
  analysing: string | null;
  /** Why the last file was refused, in the UI's language (cleared by the next file). */
  error: string | null;
}

/**
 * The last search by sound (docs/SOUNDS.md, "Search by sound"). Deliberately not persisted: an
 * embedding kept in storage would outlive the file the user chose, and the page says plainly
 * that a reload needs the file again.
 */
export const useSoundSearch = create<SoundSearchState>()(() => ({
  query: null,
  analysing: null,
  error: null,
}));
