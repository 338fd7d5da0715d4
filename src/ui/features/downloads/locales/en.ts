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
  offline: {
    title: 'Offline sounds',
    text: 'While you stay offline, this lists the samples in your download folder (by brand and type) and plays them from disk, without the network.',
    browser:
      'Browsing and playing downloaded samples offline needs the desktop app; in a browser, staying offline only stops catalogue requests.',
    filter: 'Filter by name',
    empty: 'There are no samples in the download folder yet.',
    play: 'Play {{name}}',
    pause: 'Pause {{name}}',
    playFailed: 'Cannot play: {{reason}}',
    settings: 'Turn offline mode off (preferences)',
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
  bulk: {
    progress: 'Downloading {{done}}/{{total}}',
    into: 'Saving to {{into}}',
    saved: 'Saved {{count}} files',
    savedInto: 'Saved {{count}} files: {{into}}',
    failed: '; {{failed}} failed (nothing spent on them)',
    selectionZip: 'yinku-{{count}}-samples',
  },
  warehouse: {
    confirmSamples_one: 'Remove {{count}} sample from the warehouse?',
    confirmSamples_other: 'Remove {{count}} samples from the warehouse?',
    confirmPacks_one: 'Remove {{count}} pack from the warehouse?',
    confirmPacks_other: 'Remove {{count}} packs from the warehouse?',
    keep: 'Removing only hides them from the warehouse list. Samples you downloaded stay yours: downloading them again later uses no download.',
    confirm: 'Remove',
    removed_one: 'Removed {{count}} item from the warehouse; downloading it again is free',
    removed_other: 'Removed {{count}} items from the warehouse; downloading them again is free',
    undo: 'Undo',
    restored: 'Removal undone',
  },
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
    shortPartial:
      'Not enough downloads: this needs {{cost}} and {{available}} are available. Download part of it, or cancel (nothing is spent).',
    partial: {
      legend: 'Which files to download',
      first: 'Only the first {{count}}',
      pick: 'Pick them myself (up to {{count}})',
      picked: 'Picked {{picked}} of {{limit}}',
      list: 'Samples you can download',
      confirm: '{{action}} ({{count}})',
    },
    plans: 'See plans',
    confirmLike: 'Download and like',
    confirmDownload: 'Download',
  },
};
