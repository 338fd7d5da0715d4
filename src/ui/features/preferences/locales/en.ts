import type { LocaleShape } from '../../../i18n/locale.types.ts';
import type { zh } from './zh.ts';

/** Preferences strings (namespace `preferences`), English. */
export const en: LocaleShape<typeof zh> = {
  title: 'Preferences',
  language: 'Language',
  theme: 'Display mode',
  followSystem: 'Follow system',
  mainColour: 'Main colour',
  resetColour: 'Reset',
  assetSort: 'Asset sort',
  volume: 'Volume',
  downloadPath: 'Download path',
  downloadPathHint:
    'The desktop app saves downloads under sounds/packs/brand/type/ inside this folder.',
  downloadPathPlaceholder: 'e.g. /home/me/Music/Yinku',
  appStartup: 'Start with the system',
  appStartupHint: 'Takes effect in the desktop app only.',
  stayOffline: 'Stay offline',
  stayOfflineHint:
    'Stops every catalogue request; the sounds pages and the sidebar navigation are unavailable. Playing downloaded samples offline needs the desktop app.',
  stayOfflineHintDesktop:
    'Stops every catalogue request; your downloaded samples stay browsable by brand and type in Offline sounds and play straight from the download folder.',
  offlineLibrary: 'Open offline sounds',
  saved: 'Settings saved',
};
