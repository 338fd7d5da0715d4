import type { LocaleShape } from '../../../i18n/locale.types.ts';
import type { zh } from './zh.ts';

/** Home-page strings (namespace `home`), English. */
export const en: LocaleShape<typeof zh> = {
  title: 'A sample library for musicians',
  subtitle:
    'Browse, search and audition thousands of samples and packs, download them into an organised folder, and keep the sounds you like.',
  browse: 'Browse sounds',
  join: 'Register for free',
  trending: 'Trending packs',
  newSounds: 'New sounds',
  viewAll: 'View all',
  play: 'Play {{name}}',
  pause: 'Pause {{name}}',
  features: {
    instantTitle: 'Instant audition',
    instantText: 'Previews start with no perceptible delay, so you find the right sound fast.',
    organisedTitle: 'Organised',
    organisedText: 'Downloads are filed by brand and type in your folder automatically.',
    chineseTitle: 'Chinese style',
    chineseText: 'Guzheng, pipa, erhu, dizi and other traditional instruments.',
  },
};
