import { defineLocales } from '../../../i18n/locale.types.ts';
import { zh } from './zh.ts';
import { en } from './en.ts';

/** The `myBeat` namespace. */
export const myBeatLocales = defineLocales(zh, en);
