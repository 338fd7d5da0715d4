import { create } from 'zustand';

/** Transient layout state (not persisted): open panels of the frame. */
interface LayoutState {
  searchOpen: boolean;
  /** Bumped to ask the open search field to take the focus (the `/` and Ctrl/Cmd+K keys). */
  searchFocus: number;
  drawerOpen: boolean;
  toggleSearch: () => void;
  /** Opens the search bar and focuses its field. */
  focusSearch: () => void;
  setDrawerOpen: (open: boolean) => void;
}

/** Layout store: the search bar toggle and the narrow-screen navigation drawer. */
export const useLayoutStore = create<LayoutState>()((set) => ({
  searchOpen: false,
  searchFocus: 0,
  drawerOpen: false,
  toggleSearch: () => set((s) => ({ searchOpen: !s.searchOpen })),
  focusSearch: () => set((s) => ({ searchOpen: true, searchFocus: s.searchFocus + 1 })),
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
}));
