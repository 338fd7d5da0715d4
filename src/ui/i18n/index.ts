/** The i18n module: the instance, helpers and the typed-locale tools features use. */
export { i18n, t, currentLanguage, isLanguage } from './i18n.ts';
export { defineLocales } from './locale.types.ts';
export type { LocaleShape, LocalePair } from './locale.types.ts';
export type { Namespace } from './resources.ts';
