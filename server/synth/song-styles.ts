/** The musical styles of the generated catalogue; each song's tags name its style. */
export const STYLE_IDS = ['lofi', 'edm', 'ambient', 'guofeng', 'trap', 'synthpop'] as const;

/** One style id. */
export type StyleId = (typeof STYLE_IDS)[number];

/** How a style is played: tempo, scale, harmony, drum and bass patterns, instruments. */
export interface StyleDef {
  name: string;
  tags: string[];
  bpm: readonly [number, number];
  /** Semitones of the scale above the root. */
  scale: readonly number[];
  /** Chord roots as scale degrees, one chord per bar. */
  progressions: readonly (readonly number[])[];
  /** 16-step patterns: `x` hit, `.` rest (`o` open hat in `hat`). */
  kick: string;
  snare: string;
  hat: string;
  /** Delay of every second 16th, as a fraction of a 16th (0 = straight). */
  swing: number;
  bass: 'sub808' | 'saw' | 'sine';
  bassSteps: string;
  chords: 'pad' | 'epiano' | 'pluckArp' | 'supersaw';
  lead: 'epiano' | 'bell' | 'flute' | 'square' | 'saw' | 'pluck';
  /** Chance that a melody step starts a note. */
  leadDensity: number;
  /** Chords and bass duck under the kick (EDM pumping). */
  sidechain: boolean;
  /** Hat rolls in 32nds (trap). */
  rolls: boolean;
  /** Snare voice: `snare`, `clap` or `woodblock`. */
  snareVoice: 'snare' | 'clap' | 'woodblock';
  /** Dark master low-pass (Hz) for dusty styles; 0 = none. */
  lowpass: number;
  vinyl: boolean;
}

const MINOR = [0, 2, 3, 5, 7, 8, 10];
const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const DORIAN = [0, 2, 3, 5, 7, 9, 10];
const PENTATONIC = [0, 2, 4, 7, 9];

/** Every style's definition. */
export const STYLES: Record<StyleId, StyleDef> = {
  lofi: {
    name: 'lo-fi hip-hop',
    tags: ['lo-fi', 'hip-hop', 'chill'],
    bpm: [72, 88],
    scale: DORIAN,
    progressions: [
      [1, 4, 0, 3],
      [0, 5, 3, 4],
    ],
    kick: 'x.....x...x.....',
    snare: '....x.......x...',
    hat: 'x.x.x.x.x.x.x.x.',
    swing: 0.28,
    bass: 'sine',
    bassSteps: 'x.....x...x.....',
    chords: 'epiano',
    lead: 'epiano',
    leadDensity: 0.22,
    sidechain: false,
    rolls: false,
    snareVoice: 'snare',
    lowpass: 3800,
    vinyl: true,
  },
  edm: {
    name: 'EDM house',
    tags: ['EDM', 'house', 'dance'],
    bpm: [122, 128],
    scale: MINOR,
    progressions: [
      [0, 5, 2, 6],
      [5, 3, 0, 4],
    ],
    kick: 'x...x...x...x...',
    snare: '....x.......x...',
    hat: '..o...o...o...o.',
    swing: 0,
    bass: 'saw',
    bassSteps: '..x...x...x...x.',
    chords: 'supersaw',
    lead: 'saw',
    leadDensity: 0.35,
    sidechain: true,
    rolls: false,
    snareVoice: 'clap',
    lowpass: 0,
    vinyl: false,
  },
  ambient: {
    name: 'ambient',
    tags: ['ambient', 'chill', 'cinematic'],
    bpm: [64, 76],
    scale: MAJOR,
    progressions: [
      [0, 3, 5, 4],
      [3, 0, 4, 5],
    ],
    kick: '................',
    snare: '................',
    hat: '................',
    swing: 0,
    bass: 'sine',
    bassSteps: 'x...............',
    chords: 'pad',
    lead: 'bell',
    leadDensity: 0.12,
    sidechain: false,
    rolls: false,
    snareVoice: 'snare',
    lowpass: 0,
    vinyl: false,
  },
  guofeng: {
    name: 'Chinese pentatonic ballad',
    tags: ['chinese-style', 'ballad', 'pentatonic'],
    bpm: [68, 84],
    scale: PENTATONIC,
    progressions: [
      [0, 3, 4, 1],
      [4, 3, 0, 2],
    ],
    kick: 'x.........x.....',
    snare: '....x.......x...',
    hat: '................',
    swing: 0,
    bass: 'sine',
    bassSteps: 'x.......x.......',
    chords: 'pluckArp',
    lead: 'flute',
    leadDensity: 0.2,
    sidechain: false,
    rolls: false,
    snareVoice: 'woodblock',
    lowpass: 0,
    vinyl: false,
  },
  trap: {
    name: 'trap',
    tags: ['trap', 'hip-hop', '808'],
    bpm: [136, 148],
    scale: MINOR,
    progressions: [
      [0, 0, 5, 4],
      [0, 3, 5, 6],
    ],
    kick: 'x......x..x.....',
    snare: '........x.......',
    hat: 'x.x.x.x.x.x.x.x.',
    swing: 0,
    bass: 'sub808',
    bassSteps: 'x......x..x.....',
    chords: 'pad',
    lead: 'bell',
    leadDensity: 0.25,
    sidechain: false,
    rolls: true,
    snareVoice: 'clap',
    lowpass: 0,
    vinyl: false,
  },
  synthpop: {
    name: 'synth-pop',
    tags: ['synth-pop', 'pop', 'retro'],
    bpm: [104, 118],
    scale: MAJOR,
    progressions: [
      [0, 4, 5, 3],
      [5, 3, 0, 4],
    ],
    kick: 'x.......x.......',
    snare: '....x.......x...',
    hat: 'x.x.x.x.x.x.x.x.',
    swing: 0,
    bass: 'saw',
    bassSteps: 'x.x.x.x.x.x.x.x.',
    chords: 'pad',
    lead: 'square',
    leadDensity: 0.4,
    sidechain: false,
    rolls: false,
    snareVoice: 'snare',
    lowpass: 0,
    vinyl: false,
  },
};
