import { create } from 'zustand';

/** Requests in flight, for the top-bar loading indicator (docs/PRODUCT.md §8: indicator off on errors). */
interface LoadingState {
  pending: number;
  begin: () => void;
  end: () => void;
}

/** Counts HTTP requests in flight. */
export const useLoadingStore = create<LoadingState>()((set) => ({
  pending: 0,
  begin: () => set((s) => ({ pending: s.pending + 1 })),
  end: () => set((s) => ({ pending: Math.max(0, s.pending - 1) })),
}));
