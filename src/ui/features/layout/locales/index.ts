import { defineLocales } from '../../../i18n/locale.types.ts';
import { zh } from './zh.ts';
import { en } from './en.ts';

/** The `layout` namespace. */
export const layoutLocales = defineLocales(zh, en);
