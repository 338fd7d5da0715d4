import type { LocaleShape } from '../../../i18n/locale.types.ts';
import type { zh } from './zh.ts';

/** Download strings (namespace `downloads`), English. */
export const en: LocaleShape<typeof zh> = {
  saveFailed: 'Please check that your network connection is stable, then download again',
  notSignedIn: 'Not signed in',
  notAuthorized: 'Cannot download: {{reason}}',
  saved: '{{count}} files downloaded',
  folder: {
    choose: 'Choose download folder',
    current: 'Downloading to: {{name}}',
    browser: 'Using browser downloads',
    forget: 'Use browser downloads instead',
    open: 'Open download folder: {{name}}',
  },
  desktop: {
    unknownFiles:
      '{{count}} files in the download folder are not in your warehouse (not downloaded through Yinku, or removed from it)',
    apply: 'Apply',
    open: 'Open folder',
    rootSaved: 'Download path updated',
    startupFailed: 'Could not change start-up: {{reason}}',
  },
  pack: 'Downloading pack {{name}}',
};
