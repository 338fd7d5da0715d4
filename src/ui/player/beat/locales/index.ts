import { defineLocales } from '../../../i18n/locale.types.ts';
import { registerNamespace } from '../../../i18n/i18n.ts';
import { zh } from './zh.ts';
import { en } from './en.ts';

/** The `myBeat` namespace. */
export const myBeatLocales = defineLocales(zh, en);

// Registered when my beat's code loads (the player bar loads it after the bar): its strings are
// not in the first bundle (docs/UI.md "Languages").
registerNamespace('myBeat', myBeatLocales);
