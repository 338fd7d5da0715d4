import { useEffect } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { LANGUAGES, TAB_EXCLUDED_PATHS, type Language, type Names } from '../../shared/index.ts';
import { isRecord, safeJsonStorage } from './persist-storage.ts';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../i18n/i18n.ts';

/** How tabs are removed (docs/PRODUCT.md §4): one by index, those to its right, or all others. */
export type TabRemoval = 'index' | 'right' | 'other';

/** A place's human name in each language a page published it in. */
export type PlaceNames = Partial<Names>;

/** Page history, tabs of opened pages (paths; titles are derived when shown). */
interface NavigationState {
  history: string[];
  currentIndex: number;
  /** One tab per place (pathname), holding the latest path with its query (filters). */
  tabs: string[];
  /** Human names pages published for their pathname (a pack's name), by language, newest last. */
  names: Record<string, PlaceNames>;
  /** Places found not to exist in this session: never given a tab (not persisted). */
  missing: string[];
  /**
   * Records a visit: drops forward entries, appends (a repeat of the current page is ignored).
   * The place's tab is opened, or updated in place with the new query; `tab: false` (a 404)
   * records history only.
   */
  visit: (path: string, options?: { tab?: boolean }) => void;
  /** Closes the tab of a place that turned out not to exist (an unknown category or pack). */
  dropPlace: (pathname: string) => void;
  /** Records a place's human name in one or both languages, shown in its crumb, tab and title. */
  name: (pathname: string, name: PlaceNames) => void;
  /** Moves back; returns the path to show, or null at the start. */
  back: () => string | null;
  /** Moves forward; returns the path to show, or null at the end. */
  forward: () => string | null;
  /** Removes tabs; answers the tabs left. */
  removeTabs: (type: TabRemoval, index: number) => string[];
}

/** Longest history kept (older entries are dropped). */
const HISTORY_LIMIT = 50;

/** Most place names kept (the oldest are dropped). */
export const NAMES_LIMIT = 200;

/**
 * Most tabs the strip holds (issue 30 §8: by mid-session it held 15–18); opening one more drops
 * the oldest.
 */
export const TAB_LIMIT = 8;

/**
 * The place of a path: its pathname without query or hash (filters do not make a new place),
 * percent-escapes decoded and no trailing slash, so `All%3ADrums` and `All:Drums/` are one place.
 */
export function placeOf(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? path;
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: the place is the path as typed.
  }
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') || '/' : decoded;
}

/**
 * Tabs after visiting a path: the place's tab updated in place, or a new one at the end, the
 * oldest dropped past TAB_LIMIT.
 */
function tabsAfterVisit(tabs: string[], path: string): string[] {
  if (isTabExcluded(path)) return tabs;
  const place = placeOf(path);
  const index = tabs.findIndex((tab) => placeOf(tab) === place);
  if (index === -1) return [...tabs, path].slice(-TAB_LIMIT);
  if (tabs[index] === path) return tabs;
  return tabs.map((tab, i) => (i === index ? path : tab));
}

/** A place's name in `language`, else in the other one (a name published in one language only). */
export function placeName(
  names: Record<string, PlaceNames>,
  pathname: string,
  language: Language,
): string | undefined {
  if (!Object.hasOwn(names, pathname)) return undefined;
  const entry = names[pathname]!;
  return entry[language] ?? LANGUAGES.map((other) => entry[other]).find(Boolean);
}

/** Stored names kept: a string (stored before names had languages) names the place in both. */
function sanitizeNames(stored: unknown): Record<string, PlaceNames> {
  if (!isRecord(stored)) return {};
  const out: Record<string, PlaceNames> = {};
  for (const [path, value] of Object.entries(stored).slice(-NAMES_LIMIT)) {
    if (!path.startsWith('/')) continue;
    const entry: PlaceNames = {};
    for (const language of LANGUAGES) {
      const name = typeof value === 'string' ? value : isRecord(value) ? value[language] : null;
      if (typeof name === 'string' && name !== '') entry[language] = name;
    }
    if (Object.keys(entry).length > 0) out[path] = entry;
  }
  return out;
}

/** Whether a path is kept out of the tabs (docs/PRODUCT.md §4: /login, /import, /404, /401). */
function isTabExcluded(path: string): boolean {
  return (TAB_EXCLUDED_PATHS as readonly string[]).includes(placeOf(path));
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
    ? source.tabs
        .reduce<string[]>(
          (kept, path) =>
            kept.some((tab) => placeOf(tab) === placeOf(path)) ? kept : [...kept, path],
          [],
        )
        .filter((p) => !isTabExcluded(p))
        .slice(-TAB_LIMIT)
    : [];
  return { history, currentIndex, tabs, names: sanitizeNames(source.names) };
}

/** Navigation store, persisted under `yinku.navigation`. */
export const useNavigationStore = create<NavigationState>()(
  persist(
    (set, get) => ({
      history: [],
      currentIndex: -1,
      tabs: [],
      names: {},
      missing: [],
      visit(path, options) {
        const { history, currentIndex, tabs } = get();
        const noTab = options?.tab === false || get().missing.includes(placeOf(path));
        const nextTabs = noTab ? tabs : tabsAfterVisit(tabs, path);
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
      dropPlace(pathname) {
        // The page may say so before or after the tracker records the visit: both orders end tabless.
        const { tabs, missing } = get();
        set({
          tabs: tabs.filter((tab) => placeOf(tab) !== pathname),
          missing: missing.includes(pathname)
            ? missing
            : [...missing, pathname].slice(-NAMES_LIMIT),
        });
      },
      name(pathname, name) {
        const { names, missing } = get();
        if (missing.includes(pathname)) set({ missing: missing.filter((p) => p !== pathname) });
        const old = names[pathname] ?? {};
        const entry = { ...old };
        for (const language of LANGUAGES) if (name[language]) entry[language] = name[language];
        if (LANGUAGES.every((language) => entry[language] === old[language])) return;
        const { [pathname]: _old, ...rest } = names;
        const entries = Object.entries({ ...rest, [pathname]: entry });
        set({ names: Object.fromEntries(entries.slice(-NAMES_LIMIT)) });
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
      // Version 2: names by language (a version-1 name, one string, names the place in both).
      version: 2,
      storage: safeJsonStorage(),
      migrate: (stored) => sanitizeNavigation(stored) as unknown as NavigationState,
      merge: (stored, current) => ({ ...current, ...sanitizeNavigation(stored) }),
      partialize: (s) =>
        ({
          history: s.history,
          currentIndex: s.currentIndex,
          tabs: s.tabs,
          names: s.names,
        }) as unknown as NavigationState,
    },
  ),
);

/** The UI's language now (crumbs, tabs and titles follow a switch). */
function useUiLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'zh';
}

/**
 * Publishes the human name of the place on screen for its crumb, tab and title: both languages
 * (a pack's `names`), so its tab follows a language switch, or a text in the UI's language now.
 * `null` says the place does not exist (an unknown pack or category), which closes its tab.
 */
export function usePlaceName(pathname: string, name: string | Names | null | undefined): void {
  const language = useUiLanguage();
  useEffect(() => {
    const store = useNavigationStore.getState();
    if (name === null) store.dropPlace(pathname);
    else if (typeof name === 'string') store.name(pathname, { [language]: name });
    else if (name) store.name(pathname, name);
  }, [pathname, name, language]);
}

/** The name a page published for a place, in the UI's language (else the other one). */
export function usePublishedName(pathname: string): string | undefined {
  const language = useUiLanguage();
  return useNavigationStore((s) => placeName(s.names, pathname, language));
}
