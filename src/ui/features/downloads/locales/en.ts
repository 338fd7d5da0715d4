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
    apply: 'Apply',
    open: 'Open folder',
    rootSaved: 'Download path updated',
    startupFailed: 'Could not change start-up: {{reason}}',
  },
  pack: 'Downloading pack {{name}}',
  credits: {
    left: 'Downloads left: {{count}}',
    unlimited: 'Unlimited downloads',
    tooltip: '{{label}} ({{balance}})',
    titles: {
      like: 'Liking downloads these first',
      pack: 'Download pack {{name}}',
      selection: 'Download the selected samples',
    },
    cost: 'This downloads {{files}} files and uses {{cost}} downloads ({{left}} left now).',
    costUnlimited: 'This downloads {{files}} files; your plan has unlimited downloads.',
    likeNote: 'Liking samples you have not downloaded downloads them first.',
    short:
      'Not enough downloads: this needs {{cost}} and {{available}} are available. Nothing was downloaded and nothing was spent.',
    plans: 'See plans',
    confirmLike: 'Download and like',
    confirmDownload: 'Download',
  },
};
