import { defineLocales } from '../../../i18n/locale.types.ts';
import { zh } from './zh.ts';
import { en } from './en.ts';

/** The `auth` namespace. */
export const authLocales = defineLocales(zh, en);
