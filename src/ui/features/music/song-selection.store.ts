import { create } from 'zustand';
import type { MusicTrack } from '../../../shared/index.ts';

/** Which song the details panel of /songai shows. */
interface SongSelectionState {
  selected: MusicTrack | null;
  select(song: MusicTrack): void;
  close(): void;
}

/** The /songai selection, shared by the page (which selects) and the details panel (which shows). */
export const useSongSelection = create<SongSelectionState>()((set) => ({
  selected: null,
  select: (song) => set({ selected: song }),
  close: () => set({ selected: null }),
}));
