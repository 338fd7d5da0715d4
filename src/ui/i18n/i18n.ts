import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/languages.ts';
import { DEFAULTS } from '../../shared/constants.ts';
import { namespaces, resources, type Namespace } from './resources.ts';

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

/** Adds a code-split feature's namespace when its code loads (resources.ts, LazyNamespaces). */
export function registerNamespace(ns: Namespace, pair: { zh: object; en: object }): void {
  if (i18n.hasResourceBundle('zh', ns)) return;
  i18n.addResourceBundle('zh', ns, pair.zh);
  i18n.addResourceBundle('en', ns, pair.en);
}
