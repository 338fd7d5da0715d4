import { create } from 'zustand';

/** How the current page removes selected rows (set by warehouse and liked pages while shown). */
interface Removal {
  run(ids: number[]): Promise<void>;
}

/** The remover of the page on screen, null on pages where rows cannot be removed. */
export const useRemoval = create<{ removal: Removal | null }>()(() => ({ removal: null }));
