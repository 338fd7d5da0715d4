import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { TAB_EXCLUDED_PATHS } from '../../shared/index.ts';
import { isRecord, safeJsonStorage } from './persist-storage.ts';

/** How tabs are removed (SPEC §4): one by index, those to its right, or all others. */
export type TabRemoval = 'index' | 'right' | 'other';

/** Page history, tabs of opened pages (paths; titles are derived when shown). */
export interface NavigationState {
  history: string[];
  currentIndex: number;
  tabs: string[];
  /** Records a visit: drops forward entries, appends (a repeat of the current page is ignored). */
  visit: (path: string) => void;
  /** Moves back; returns the path to show, or null at the start. */
  back: () => string | null;
  /** Moves forward; returns the path to show, or null at the end. */
  forward: () => string | null;
  /** Removes tabs; answers the tabs left. */
  removeTabs: (type: TabRemoval, index: number) => string[];
}

/** Longest history kept (older entries are dropped). */
export const HISTORY_LIMIT = 50;

/** Whether a path is kept out of the tabs (SPEC §4: /login, /import, /404, /401). */
export function isTabExcluded(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return (TAB_EXCLUDED_PATHS as readonly string[]).includes(pathname);
}

const isPathList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((p) => typeof p === 'string' && p.startsWith('/'));

/** Keeps stored navigation state only when it is consistent; else starts empty. */
export function sanitizeNavigation(stored: unknown) {
  const source = isRecord(stored) ? stored : {};
  const history = isPathList(source.history) ? source.history.slice(-HISTORY_LIMIT) : [];
  const index = source.currentIndex;
  const currentIndex =
    typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < history.length
      ? index
      : history.length - 1;
  const tabs = isPathList(source.tabs)
    ? [...new Set(source.tabs)].filter((p) => !isTabExcluded(p))
    : [];
  return { history, currentIndex, tabs };
}

/** Navigation store, persisted under `yinku.navigation`. */
export const useNavigationStore = create<NavigationState>()(
  persist(
    (set, get) => ({
      history: [],
      currentIndex: -1,
      tabs: [],
      visit(path) {
        const { history, currentIndex, tabs } = get();
        const nextTabs = isTabExcluded(path) || tabs.includes(path) ? tabs : [...tabs, path];
        if (history[currentIndex] === path) {
          if (nextTabs !== tabs) set({ tabs: nextTabs });
          return;
        }
        const kept = [...history.slice(0, currentIndex + 1), path].slice(-HISTORY_LIMIT);
        set({ history: kept, currentIndex: kept.length - 1, tabs: nextTabs });
      },
      back() {
        const { history, currentIndex } = get();
        if (currentIndex <= 0) return null;
        set({ currentIndex: currentIndex - 1 });
        return history[currentIndex - 1] ?? null;
      },
      forward() {
        const { history, currentIndex } = get();
        if (currentIndex >= history.length - 1) return null;
        set({ currentIndex: currentIndex + 1 });
        return history[currentIndex + 1] ?? null;
      },
      removeTabs(type, index) {
        const { tabs } = get();
        if (index < 0 || index >= tabs.length) return tabs;
        const next =
          type === 'index'
            ? tabs.filter((_, i) => i !== index)
            : type === 'right'
              ? tabs.slice(0, index + 1)
              : [tabs[index]!];
        set({ tabs: next });
        return next;
      },
    }),
    {
      name: 'yinku.navigation',
      version: 1,
      storage: safeJsonStorage(),
      migrate: (stored) => sanitizeNavigation(stored) as unknown as NavigationState,
      merge: (stored, current) => ({ ...current, ...sanitizeNavigation(stored) }),
      partialize: (s) =>
        ({
          history: s.history,
          currentIndex: s.currentIndex,
          tabs: s.tabs,
        }) as unknown as NavigationState,
    },
  ),
);
