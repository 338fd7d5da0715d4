import { defineLocales } from '../../../i18n/locale.types.ts';
import { zh } from './zh.ts';
import { en } from './en.ts';

/** The `home` namespace. */
export const homeLocales = defineLocales(zh, en);
