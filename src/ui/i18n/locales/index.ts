import { defineLocales } from '../locale.types.ts';
import { commonZh } from './zh.ts';
import { commonEn } from './en.ts';

/** The `common` namespace: actions, statuses, HTTP errors, toasts shared by every feature. */
export const commonLocales = defineLocales(commonZh, commonEn);
