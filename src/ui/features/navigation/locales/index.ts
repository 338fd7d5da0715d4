import { defineLocales } from '../../../i18n/locale.types.ts';
import { zh } from './zh.ts';
import { en } from './en.ts';

/** The `navigation` namespace. */
export const navigationLocales = defineLocales(zh, en);
