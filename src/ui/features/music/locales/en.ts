import type { LocaleShape } from '../../../i18n/locale.types.ts';
import type { zh } from './zh.ts';

/** AI-music strings (namespace `music`), English. */
export const en: LocaleShape<typeof zh> = {
  title: 'AI music',
  search: 'Search songs',
  searchPlaceholder: 'Title, tag or lyrics',
  allTags: 'All',
  tagFilter: 'Filter by tag',
  generating: 'Generating songs {{generated}}/{{total}}…',
  empty: 'No songs found',
  loadMore: 'Load more',
  forbidden: 'AI music is for creators and administrators',
  loadFailed: 'The songs could not be loaded',
  retry: 'Retry',
  openDetails: 'Details of {{title}}',
  playSong: 'Play {{title}}',
  details: 'Song details',
  close: 'Close',
  tags: 'Tags',
  prompt: 'Lyrics prompt',
  duration: 'Duration',
  player: 'Music player',
  play: 'Play',
  pause: 'Pause',
  previous: 'Previous',
  next: 'Next',
  progress: 'Progress',
  volume: 'Volume',
  nothing: 'Pick a song to play',
  visual: 'Spectrum',
  playbackFailed: 'Playback failed: {{message}}',
};
