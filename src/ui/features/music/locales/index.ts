import { defineLocales } from '../../../i18n/locale.types.ts';
import { zh } from './zh.ts';
import { en } from './en.ts';

/** The `music` namespace. */
export const musicLocales = defineLocales(zh, en);
