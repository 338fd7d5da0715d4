import { create } from 'zustand';

/** Transient layout state (not persisted): open panels of the frame. */
export interface LayoutState {
  searchOpen: boolean;
  drawerOpen: boolean;
  toggleSearch: () => void;
  setDrawerOpen: (open: boolean) => void;
}

/** Layout store: the search bar toggle and the narrow-screen navigation drawer. */
export const useLayoutStore = create<LayoutState>()((set) => ({
  searchOpen: false,
  drawerOpen: false,
  toggleSearch: () => set((s) => ({ searchOpen: !s.searchOpen })),
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
}));
