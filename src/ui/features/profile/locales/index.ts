import { defineLocales } from '../../../i18n/locale.types.ts';
import { zh } from './zh.ts';
import { en } from './en.ts';

/** The `profile` namespace. */
export const profileLocales = defineLocales(zh, en);
