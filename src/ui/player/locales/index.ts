import { defineLocales } from '../../i18n/locale.types.ts';
import { zh } from './zh.ts';
import { en } from './en.ts';

/** The `player` namespace. */
export const playerLocales = defineLocales(zh, en);
