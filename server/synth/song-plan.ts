import { createRng, pick } from './prng.ts';
import { STYLE_IDS, STYLES, type StyleId } from './song-styles.ts';
import { KEY_NAMES, LYRICS, TITLES } from './song-texts.ts';

/** Everything needed to render one catalogue song; the same slot always gives the same plan. */
export interface SongPlan {
  slot: number;
  style: StyleId;
  seed: number;
  bpm: number;
  /** MIDI note of the key's root (chords sit around it, bass two octaves below). */
  root: number;
  bars: number;
  /** Seconds of audio the render produces (bars plus a release tail). */
  duration: number;
  title: string;
  titleZh: string;
  tags: string[];
  /** Lyrics prompt with escaped line breaks: a literal backslash followed by n. */
  prompt: string;
}

/** Seconds of release after the last bar so chords ring out. */
const TAIL_SECONDS = 1.5;

/** Shortest and longest catalogue song (issue 6: 60–180 s). */
export const SONG_SECONDS = { min: 60, max: 180 } as const;

const ROMAN = ['', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII'];

/**
 * Plans the song in `slot`. `seconds` overrides the length (tests and e2e use a few seconds);
 * otherwise the song lasts 60–180 s in whole 4-bar phrases.
 */
export function planSong(slot: number, options: { seconds?: number } = {}): SongPlan {
  const style = STYLE_IDS[slot % STYLE_IDS.length]!;
  const def = STYLES[style];
  const seed = (Math.imul(slot + 1, 0x9e3779b1) ^ 0x5bd1e995) >>> 0;
  const rng = createRng(seed);
  const bpm = Math.round(def.bpm[0] + rng() * (def.bpm[1] - def.bpm[0]));
  const root = pick(rng, Object.keys(KEY_NAMES).map(Number));
  const barSeconds = (4 * 60) / bpm;
  let bars: number;
  if (options.seconds !== undefined) {
    bars = Math.max(1, Math.round(options.seconds / barSeconds));
  } else {
    const target = SONG_SECONDS.min + 8 + rng() * (SONG_SECONDS.max - SONG_SECONDS.min - 16);
    bars = Math.round(target / barSeconds / 4) * 4;
    while (bars * barSeconds + TAIL_SECONDS > SONG_SECONDS.max) bars -= 4;
    while (bars * barSeconds < SONG_SECONDS.min) bars += 4;
  }
  const round = Math.floor(slot / STYLE_IDS.length);
  const titles = TITLES[style];
  const [title, titleZh] = titles[round % titles.length]!;
  const numeral =
    ROMAN[Math.floor(round / titles.length)] ?? ` ${Math.floor(round / titles.length) + 1}`;
  const minor = def.scale[2] === 3;
  const keyName = `${KEY_NAMES[root]} ${minor ? 'minor' : 'major'}`;
  return {
    slot,
    style,
    seed,
    bpm,
    root,
    bars,
    duration: Math.round((bars * barSeconds + TAIL_SECONDS) * 100) / 100,
    title: title + numeral,
    titleZh: titleZh + numeral,
    tags: [...def.tags],
    prompt: lyricsPrompt(style, rng, `${def.name}, ${bpm} BPM, ${keyName}`),
  };
}

function lyricsPrompt(style: StyleId, rng: () => number, header: string): string {
  const { verse, chorus } = LYRICS[style];
  const pickLines = (lines: readonly string[], count: number): string[] => {
    const pool = [...lines];
    const chosen: string[] = [];
    while (chosen.length < count && pool.length > 0)
      chosen.push(pool.splice(Math.floor(rng() * pool.length), 1)[0]!);
    return chosen;
  };
  const lines = [
    `Style: ${header}`,
    '',
    '[Verse]',
    ...pickLines(verse, 4),
    '',
    '[Chorus]',
    ...pickLines(chorus, 2),
    ...pickLines(chorus, 2),
  ];
  // Stored escaped, as the upstream catalogue does: the UI turns "\n" back into line breaks.
  return lines.join('\\n');
}
