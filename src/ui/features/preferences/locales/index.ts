import { defineLocales } from '../../../i18n/locale.types.ts';
import { zh } from './zh.ts';
import { en } from './en.ts';

/** The `preferences` namespace. */
export const preferencesLocales = defineLocales(zh, en);
