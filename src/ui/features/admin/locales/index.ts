import { defineLocales } from '../../../i18n/locale.types.ts';
import { registerNamespace } from '../../../i18n/i18n.ts';
import { zh } from './zh.ts';
import { en } from './en.ts';

/** The `admin` namespace. */
export const adminLocales = defineLocales(zh, en);

// Registered when the console's code loads: its strings are not in the first bundle (docs/UI.md
// "Languages").
registerNamespace('admin', adminLocales);
