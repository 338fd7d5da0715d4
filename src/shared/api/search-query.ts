// The search box's reader: what a producer types ("trap 140", "piano Am", "钢琴 A小调") split into
// words, a tempo and a key. The gateway applies it to every `keyword`; the client reads the same
// keyword with it to show the reading as chips (docs/api/catalogue.md "Reading the keyword").
import { MUSICAL_KEYS, type MusicalKey } from './catalogue.types.ts';
import { camelot, joinKey, TONICS } from './musical-keys.ts';

/** Numbers read as a tempo when typed alone: the tempos producers search by. */
export const TEMPO_WORD_RANGE = { min: 40, max: 240 } as const;
/** A tempo typed alone matches this many BPM either side (a range typed is taken as it is). */
export const TEMPO_TOLERANCE = 3;
/**
 * Numbers in the tempo range that are names of instruments, so they stay words unless `bpm` is
 * typed with them (Juno-60, SH-101, Juno-106, MC-202). 808, 909, 303… are outside the range.
 */
export const NAMED_NUMBERS: ReadonlySet<string> = new Set(['60', '101', '106', '202']);

/** One term of a typed query, with the text it was read from. */
export type QueryTerm =
  | { kind: 'word'; text: string }
  | { kind: 'bpm'; text: string; min: number; max: number }
  | { kind: 'key'; text: string; key: MusicalKey };

/** What a typed query says: its terms in order, the text still searched as words, the filters. */
export interface QueryReading {
  terms: QueryTerm[];
  /** The word terms joined by spaces: what is searched as text ('' when every term was read). */
  words: string;
  /** The first tempo term's range. */
  bpm: { min: number; max: number } | null;
  /** The first key term's key. */
  key: MusicalKey | null;
}

/** A reading the reader did not apply, as the keyword that would apply it. */
export interface OtherReading {
  /** `word`: a read term searched as a word instead; `bpm`: a named number read as a tempo. */
  kind: 'word' | 'bpm';
  /** The term's text as typed. */
  text: string;
  /** The whole keyword with that one term spelled the other way. */
  keyword: string;
}

const LETTER_SEMITONES: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
const MINOR_WORDS = new Set(['m', 'min', 'minor', '小调']);
const MAJOR_WORDS = new Set(['maj', 'major', '大调', '调']);
const RANGE_WORDS = new Set(['-', '–', '—', '~', '～', 'to', '到', '至']);

/** A tonic spelled with a letter and an optional sharp or flat, in the library's sharps. */
function tonicOf(letter: string, accidental: string | undefined): (typeof TONICS)[number] {
  const shift = accidental === '#' || accidental === '♯' ? 1 : accidental ? -1 : 0;
  return TONICS[(LETTER_SEMITONES[letter.toUpperCase()]! + shift + 12) % 12]!;
}

const TONIC = '([A-Ga-g])([#♯b♭])?';
const ONE_TOKEN_KEY = new RegExp(`^${TONIC}[-_]?(m|min|minor|maj|major)?$`, 'u');
const BARE_TONIC = new RegExp(`^${TONIC}$`, 'u');
const CHINESE_KEY = new RegExp(`^(升|降)?${TONIC}(大调|小调|调)$`, 'u');
const CHINESE_KEY_ANYWHERE = /(?:升|降)?\s*[A-Ga-g]\s*[#♯b♭]?\s*(?:大调|小调|调)/gu;
const CAMELOT = /^(1[0-2]|[1-9])([AaBb])$/u;
const NUMBER = /^(\d{2,3})(bpm)?$/iu;
const RANGE = /^(\d{2,3})[-–—~～到至](\d{2,3})(bpm)?$/iu;

const inTempoRange = (n: number) => n >= TEMPO_WORD_RANGE.min && n <= TEMPO_WORD_RANGE.max;

/** The key one token spells (`Am`, `F#m`, `Bbmaj`, `C`, `A小调`, `升F小调`, `8A`), or null. */
function keyOfToken(token: string): MusicalKey | null {
  const chinese = CHINESE_KEY.exec(token);
  if (chinese) {
    const [, sign, letter, accidental, mode] = chinese;
    const tonic = tonicOf(letter!, sign === '升' ? '#' : sign === '降' ? 'b' : accidental);
    return joinKey(tonic, mode === '小调' ? 'minor' : 'major');
  }
  const camelotCode = CAMELOT.exec(token);
  if (camelotCode) {
    const code = `${camelotCode[1]}${camelotCode[2]!.toUpperCase()}`;
    return MUSICAL_KEYS.find((key) => camelot(key) === code) ?? null;
  }
  const latin = ONE_TOKEN_KEY.exec(token);
  if (!latin) return null;
  const [, letter, accidental, mode] = latin;
  // A bare tonic is a major key only in capitals ("C", "Bb"): "a" and "bb" are words.
  if (!mode && letter !== letter!.toUpperCase()) return null;
  const minor = mode !== undefined && MINOR_WORDS.has(mode.toLowerCase());
  return joinKey(tonicOf(letter!, accidental), minor ? 'minor' : 'major');
}

/** The key two tokens spell ("A minor", "a min", "C major"), or null. */
function keyOfPair(first: string, second: string | undefined): MusicalKey | null {
  const tonic = BARE_TONIC.exec(first);
  const mode = second?.toLowerCase();
  if (!tonic || !mode) return null;
  if (MINOR_WORDS.has(mode) && mode !== 'm') return joinKey(tonicOf(tonic[1]!, tonic[2]), 'minor');
  if (MAJOR_WORDS.has(mode)) return joinKey(tonicOf(tonic[1]!, tonic[2]), 'major');
  return null;
}

/** A tempo term starting at `tokens[i]`: its range and how many tokens it took, or null. */
function tempoAt(tokens: string[], i: number): { min: number; max: number; take: number } | null {
  const token = tokens[i]!;
  const next = tokens[i + 1]?.toLowerCase();
  const around = (n: number) => ({ min: n - TEMPO_TOLERANCE, max: n + TEMPO_TOLERANCE });
  const range = RANGE.exec(token);
  if (range) {
    const [a, b] = [Number(range[1]), Number(range[2])];
    if (!inTempoRange(a) || !inTempoRange(b)) return null;
    return { min: Math.min(a, b), max: Math.max(a, b), take: !range[3] && next === 'bpm' ? 2 : 1 };
  }
  if (token.toLowerCase() === 'bpm' && next && /^\d{2,3}$/u.test(next)) {
    const n = Number(next);
    return inTempoRange(n) ? { ...around(n), take: 2 } : null;
  }
  const number = NUMBER.exec(token);
  if (!number) return null;
  const n = Number(number[1]);
  if (!inTempoRange(n)) return null;
  const sep = next && RANGE_WORDS.has(next) ? tokens[i + 2] : undefined;
  if (sep && /^\d{2,3}$/u.test(sep) && inTempoRange(Number(sep))) {
    const m = Number(sep);
    const bpmAfter = tokens[i + 3]?.toLowerCase() === 'bpm';
    return { min: Math.min(n, m), max: Math.max(n, m), take: bpmAfter ? 4 : 3 };
  }
  const saysBpm = number[2] !== undefined || next === 'bpm';
  if (NAMED_NUMBERS.has(number[1]!) && !saysBpm) return null;
  return { ...around(n), take: !number[2] && next === 'bpm' ? 2 : 1 };
}

/** Splits typed text into tokens; a Chinese key inside a run ("钢琴A小调") is its own token. */
function tokensOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .replace(CHINESE_KEY_ANYWHERE, (key) => ` ${key.replace(/\s+/gu, '')} `)
    .split(/[\s,，、;；]+/u)
    .filter(Boolean);
}

const QUOTES = /^["“”']|["“”']$/gu;

/**
 * Reads a typed query: a number from 40 to 240 is a tempo (±3 BPM), a range ("120-130",
 * "120 to 130 bpm") a tempo range, a key in any common spelling (`Am`, `A minor`, `a min`,
 * `F#m`, `Bbm`, `C`, `C major`, `A小调`, `升F小调`, `C大调`, Camelot `8A`/`8B`) a key; only the
 * first of each is read. Everything else — names like "808", "909", and the named numbers
 * unless `bpm` is typed with them, anything in quotes — stays a word.
 */
export function readSearchQuery(text: string): QueryReading {
  const tokens = tokensOf(text);
  const terms: QueryTerm[] = [];
  let bpm: QueryReading['bpm'] = null;
  let key: MusicalKey | null = null;
  for (let i = 0; i < tokens.length;) {
    const token = tokens[i]!;
    if (/^["“”']/u.test(token)) {
      // A quoted run stays words, quotes kept so the keyword reads the same again.
      let end = i;
      while (end < tokens.length - 1 && !/.["“”']$/u.test(tokens[end]!)) end++;
      terms.push({ kind: 'word', text: tokens.slice(i, end + 1).join(' ') });
      i = end + 1;
      continue;
    }
    const tempo: ReturnType<typeof tempoAt> = bpm ? null : tempoAt(tokens, i);
    if (tempo) {
      bpm = { min: tempo.min, max: tempo.max };
      terms.push({ kind: 'bpm', text: tokens.slice(i, i + tempo.take).join(' '), ...bpm });
      i += tempo.take;
      continue;
    }
    if (!key) {
      const pair = keyOfPair(token, tokens[i + 1]);
      const single = pair ? null : keyOfToken(token);
      if (pair || single) {
        key = (pair ?? single)!;
        terms.push({ kind: 'key', text: tokens.slice(i, pair ? i + 2 : i + 1).join(' '), key });
        i += pair ? 2 : 1;
        continue;
      }
    }
    terms.push({ kind: 'word', text: token });
    i++;
  }
  const words = terms
    .filter((term) => term.kind === 'word')
    .map((term) => term.text)
    .join(' ');
  return { terms, words, bpm, key };
}

/** The keyword of a reading's terms with term `index` left out (a chip removed). */
export function keywordWithout(reading: QueryReading, index: number): string {
  return reading.terms
    .filter((_, i) => i !== index)
    .map((term) => term.text)
    .join(' ');
}

/**
 * The readings not applied, each as the keyword that applies it: every tempo or key term
 * searched as a word instead (quoted: `kick "120"`), and every named number read as a tempo
 * (`101bpm`). What a page offers when nothing was found.
 */
export function otherReadings(reading: QueryReading): OtherReading[] {
  const spelled = (index: number, text: string) =>
    reading.terms.map((term, i) => (i === index ? text : term.text)).join(' ');
  const out: OtherReading[] = [];
  reading.terms.forEach((term, index) => {
    if (term.kind !== 'word') {
      const bare = term.text.replace(QUOTES, '');
      out.push({ kind: 'word', text: term.text, keyword: spelled(index, `"${bare}"`) });
    } else if (!reading.bpm && NAMED_NUMBERS.has(term.text)) {
      out.push({ kind: 'bpm', text: term.text, keyword: spelled(index, `${term.text}bpm`) });
    }
  });
  return out;
}
