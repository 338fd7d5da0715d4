import { commonLocales } from './locales/index.ts';
import { layoutLocales } from '../features/layout/locales/index.ts';
import { navigationLocales } from '../features/navigation/locales/index.ts';
import { authLocales } from '../features/auth/locales/index.ts';
import { homeLocales } from '../features/home/locales/index.ts';
import { profileLocales } from '../features/profile/locales/index.ts';
import { preferencesLocales } from '../features/preferences/locales/index.ts';
import { soundsLocales } from '../features/sounds/locales/index.ts';
import { playerLocales } from '../player/locales/index.ts';
import { downloadsLocales } from '../features/downloads/locales/index.ts';
import { musicLocales } from '../features/music/locales/index.ts';
import type { myBeatLocales } from '../player/beat/locales/index.ts';
import type { adminLocales } from '../features/admin/locales/index.ts';
// Features add one import above and one entry below (see docs/UI.md, "Languages").

/** Every registered namespace: name → {zh, en}. */
export const namespaces = {
  common: commonLocales,
  layout: layoutLocales,
  navigation: navigationLocales,
  auth: authLocales,
  home: homeLocales,
  profile: profileLocales,
  preferences: preferencesLocales,
  sounds: soundsLocales,
  player: playerLocales,
  downloads: downloadsLocales,
  music: musicLocales,
};

/**
 * Namespaces of code-split features that only some users open (the console, my beat): their strings load
 * with their code, which registers them (`registerNamespace`), so they stay out of the first
 * bundle. Typed here like the others.
 */
export interface LazyNamespaces {
  admin: typeof adminLocales;
  myBeat: typeof myBeatLocales;
}

/** A registered namespace name. */
export type Namespace = keyof typeof namespaces | keyof LazyNamespaces;

/** The Chinese source of every namespace: the type i18next checks keys against. */
export type SourceResources = { [N in keyof typeof namespaces]: (typeof namespaces)[N]['zh'] } & {
  [N in keyof LazyNamespaces]: LazyNamespaces[N]['zh'];
};

/** i18next resources: language → namespace → strings. */
export const resources = {
  zh: Object.fromEntries(Object.entries(namespaces).map(([ns, pair]) => [ns, pair.zh])),
  en: Object.fromEntries(Object.entries(namespaces).map(([ns, pair]) => [ns, pair.en])),
} as unknown as { zh: SourceResources; en: SourceResources };
