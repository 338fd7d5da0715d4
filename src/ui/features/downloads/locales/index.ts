import { defineLocales } from '../../../i18n/locale.types.ts';
import { zh } from './zh.ts';
import { en } from './en.ts';

/** The `downloads` namespace. */
export const downloadsLocales = defineLocales(zh, en);
