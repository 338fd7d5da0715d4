import type { LocaleShape } from '../../../i18n/locale.types.ts';
import type { zh } from './zh.ts';

/** My beat strings (namespace `myBeat`), English. */
export const en: LocaleShape<typeof zh> = {
  button: 'My beat',
  short: 'Beat',
  title: 'My beat',
  drop: 'Drop or choose your beat (2–16 bars of audio)',
  choose: 'Choose file',
  private: 'Analysed in your browser, never uploaded',
  analysing: 'Analysing…',
  summary: '{{bpm}} BPM · {{bars}} bars · {{key}} · {{lufs}} LUFS',
  noKey: 'no key',
  bars: 'Bars',
  play: 'Play beat',
  stop: 'Stop beat',
  volume: 'Beat volume',
  enabled: 'Play the beat under auditions',
  quantise: 'Start on',
  quantiseModes: { bar: 'Next bar', beat: 'Next beat', off: 'At once' },
  match: 'Match loudness',
  remove: 'Remove beat',
  replace: 'Replace beat',
  record: {
    start: 'Record',
    stop: 'Stop recording',
    running: 'Recording {{seconds}} s (at most {{max}} s)',
    errors: {
      denied:
        'The microphone cannot be used: permission was denied. Allow it in the browser settings; your previous beat stays',
      noDevice: 'No microphone was found; your previous beat stays',
      unsupported: 'This browser cannot record; drop or choose a file instead',
      noBeat: 'No beat was found in the recording: {{detail}}',
      failed: 'The recording failed: {{detail}}',
    },
  },
  errors: {
    notAudio: 'This is not an audio file we can read (WAV, AIFF, MP3, FLAC or Ogg)',
    damaged: 'This audio file cannot be read; it may be damaged',
    bars: 'A beat must be 2–16 whole bars: {{detail}}',
    tooLarge: 'The file is too large (128 MB at most)',
    storage: 'The beat plays, but the browser could not keep it: it will be gone after a reload',
  },
};
