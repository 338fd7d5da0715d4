import { defineLocales } from '../../../i18n/locale.types.ts';
import { zh } from './zh.ts';
import { en } from './en.ts';

/** The `admin` namespace. */
export const adminLocales = defineLocales(zh, en);
