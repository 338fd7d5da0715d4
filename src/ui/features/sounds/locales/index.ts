import { defineLocales } from '../../../i18n/locale.types.ts';
import { zh } from './zh.ts';
import { en } from './en.ts';

/** The `sounds` namespace. */
export const soundsLocales = defineLocales(zh, en);
