import { create } from 'zustand';

/** The bottom player's audition toggle: while on, rows play their public preview when they have one. */
export const useAuditionMode = create<{ on: boolean; toggle(): void }>()((set) => ({
  on: false,
  toggle: () => set((state) => ({ on: !state.on })),
}));
