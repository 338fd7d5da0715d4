import type { LocaleShape } from '../../i18n/locale.types.ts';
import type { zh } from './zh.ts';

/** Sample-player strings (namespace `player`), English. */
export const en: LocaleShape<typeof zh> = {
  label: 'Sample player',
  play: 'Play',
  pause: 'Pause',
  previous: 'Previous',
  next: 'Next',
  loop: {
    label: 'Loop mode: {{mode}}',
    modes: {
      off: 'Once (loops repeat)',
      order: 'In order',
      list: 'Repeat list',
      one: 'Repeat one',
      random: 'Shuffle',
    },
  },
  volume: 'Volume',
  volumeButton: 'Volume {{value}}',
  progress: 'Progress',
  playList: 'Play list',
  playListEmpty: 'The play list is empty',
  audition: 'Audition mode: play the quick preview',
  spectrum: 'Live spectrum',
  nothing: 'Nothing playing',
  needsInteraction: 'Click anywhere to enable sound',
  decryptFailed: 'Audio decryption failed; this sample cannot be played',
  signInToPlay: 'Not signed in: sign in to play this sample (it has no public preview)',
  playFailed: 'Could not play “{{name}}”; try again later',
  failedRow: 'Playback failed',
  truncated:
    '“{{name}}” is cut short: its file declares {{declared}} s but holds {{present}} s; playing what there is',
  truncatedUnknown:
    '“{{name}}” is cut short (its end is missing); playing the {{present}} s there are',
  sync: {
    controls: 'Project sync',
    tempo: 'Project tempo (BPM)',
    tempoInvalid: 'Project tempo must be 40–240 BPM',
    tap: 'Tap tempo',
    key: 'Project key',
    noKey: 'No key',
    switch: 'Sync: audition at the project tempo and key',
    heard: 'Synced: {{value}}',
    downloadAsHeard: 'Download as heard (WAV)',
    rendering: 'Rendering the synced version…',
    renderFailed: 'Could not render the synced version of “{{name}}”',
  },
};
