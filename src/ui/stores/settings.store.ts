import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { DEFAULTS, LANGUAGES, SORTS, type Language, type Sort } from '../../shared/index.ts';
import { MUSICAL_KEYS, type MusicalKey } from '../../shared/api/catalogue.types.ts';
import { isProjectTempo } from '../../shared/audio/sync-params.ts';
import type { DisplayMode } from '../theme/theme.ts';
import { parseHexColour } from '../theme/theme.ts';
import { isRecord, safeJsonStorage } from './persist-storage.ts';

/** The persisted app settings of docs/PRODUCT.md §3 (navigation history and tabs live in navigation.store). */
export interface Settings {
  language: Language;
  /** null: follow the OS preference until the user chooses (then light or dark). */
  displayMode: DisplayMode | null;
  mainColour: string;
  assetSort: Sort;
  /** App volume 0–1 (default 0.8). */
  volume: number;
  /** Download root of the desktop shell; empty means its default. */
  downloadPath: string;
  appStartup: boolean;
  stayOffline: boolean;
  /** Last text typed in the search bar. */
  searchText: string;
  /** Open sidebar menu keys, levels 1–3. */
  menuLevels: [string | null, string | null, string | null];
  /** The project's tempo (BPM 40–240) the player syncs loops to; null: none set. */
  projectTempo: number | null;
  /** The project's key the player shifts tonal samples to; null: none set. */
  projectKey: MusicalKey | null;
  /** Synced audition on: loops stretched to the project tempo, tonal samples shifted to its key. */
  sync: boolean;
}

/** The settings and their setters. */
interface SettingsState extends Settings {
  set: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
  reset: () => void;
}

/** Defaults of every setting (docs/PRODUCT.md §9). */
export const SETTINGS_DEFAULTS: Settings = {
  language: DEFAULTS.language,
  displayMode: null,
  mainColour: DEFAULTS.mainColour,
  assetSort: DEFAULTS.assetSort,
  volume: DEFAULTS.appVolume,
  downloadPath: '',
  appStartup: false,
  stayOffline: false,
  searchText: '',
  menuLevels: [null, null, null],
  projectTempo: null,
  projectKey: null,
  sync: false,
};

const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (v: unknown): v is T =>
    typeof v === 'string' && (values as readonly string[]).includes(v);

/** Per-setting validators: a value that fails falls back to its default, alone. */
const VALID: { [K in keyof Settings]: (value: unknown) => boolean } = {
  language: isOneOf(LANGUAGES),
  displayMode: (v) => v === null || v === 'light' || v === 'dark',
  mainColour: (v) => typeof v === 'string' && parseHexColour(v) !== null,
  assetSort: isOneOf(SORTS),
  volume: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1,
  downloadPath: (v) => typeof v === 'string' && v.length <= 1024,
  appStartup: (v) => typeof v === 'boolean',
  stayOffline: (v) => typeof v === 'boolean',
  searchText: (v) => typeof v === 'string' && v.length <= 200,
  menuLevels: (v) =>
    Array.isArray(v) && v.length === 3 && v.every((x) => x === null || typeof x === 'string'),
  projectTempo: (v) => v === null || isProjectTempo(v),
  projectKey: (v) => v === null || isOneOf(MUSICAL_KEYS)(v),
  sync: (v) => typeof v === 'boolean',
};

/** Keeps the valid stored settings and puts defaults in place of the rest. */
export function sanitizeSettings(stored: unknown): Settings {
  const source = isRecord(stored) ? stored : {};
  const out = { ...SETTINGS_DEFAULTS } as Record<keyof Settings, unknown>;
  for (const key of Object.keys(SETTINGS_DEFAULTS) as (keyof Settings)[]) {
    if (key in source && VALID[key](source[key])) out[key] = source[key];
  }
  return out as Settings;
}

/** Version of the stored settings; bump it and extend `migrateSettings` when the shape changes. */
export const SETTINGS_VERSION = 1;

/** Brings settings stored by an older version to the current shape. */
export function migrateSettings(stored: unknown, version: number): Settings {
  if (version < 1 && isRecord(stored)) {
    // Version 0 kept the display mode as "isDark" and the volume in percent.
    const legacy = { ...stored };
    if (typeof legacy.isDark === 'boolean') legacy.displayMode = legacy.isDark ? 'dark' : 'light';
    if (typeof legacy.volume === 'number' && legacy.volume > 1) legacy.volume = legacy.volume / 100;
    return sanitizeSettings(legacy);
  }
  return sanitizeSettings(stored);
}

/** The local-storage key of the settings. */
export const SETTINGS_KEY = 'yinku.settings';

/** Settings store, persisted under `yinku.settings` with version, migration and validation. */
export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...SETTINGS_DEFAULTS,
      set: (key, value) => {
        if (VALID[key](value)) set({ [key]: value } as Partial<Settings>);
      },
      reset: () => set(SETTINGS_DEFAULTS),
    }),
    {
      name: SETTINGS_KEY,
      version: SETTINGS_VERSION,
      storage: safeJsonStorage(),
      migrate: (stored, version) => migrateSettings(stored, version) as unknown as SettingsState,
      merge: (stored, current) => ({ ...current, ...sanitizeSettings(stored) }),
      partialize: (state) => {
        const { set: _set, reset: _reset, ...settings } = state;
        return settings as unknown as SettingsState;
      },
    },
  ),
);

/** One setting, read outside React. */
export function getSetting<K extends keyof Settings>(key: K): Settings[K] {
  return useSettingsStore.getState()[key];
}
