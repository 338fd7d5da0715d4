import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/languages.ts';
import { DEFAULTS } from '../../shared/constants.ts';
import { namespaces, resources } from './resources.ts';

/** The app's i18next instance (zh default, en fallback chain ends in zh). */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULTS.language,
  fallbackLng: DEFAULTS.language,
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(namespaces),
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes text itself
  returnNull: false,
  initAsync: false,
});

/** Whether a value is one of our language codes. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The current UI language, read outside React (the HTTP client's Accept-Language). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULTS.language;
}

/** Translates outside React (stores, the HTTP client). */
export const t = i18n.t.bind(i18n);
