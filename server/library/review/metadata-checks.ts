// Checks of declared metadata against the analysis (docs/LIBRARY.md "Review findings"): the
// tempo and key a file's name (or its field) declares, and what was detected.
import { MUSICAL_KEYS, type MusicalKey } from '../../../src/shared/api/catalogue.types.ts';
import type { Finding } from './findings.ts';

/** A declared tempo within this many BPM of the detected one agrees with it. */
export const TEMPO_TOLERANCE = 2;
/** Tempi a declared value may have (a number outside is not a tempo: "Kick 808", "Take 12"). */
const TEMPO_RANGE = [40, 300] as const;

const NOTE_INDEX: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
const SHARPS = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];

/**
 * The tempo a file name declares: "120bpm", "120 BPM", "92.5-bpm", or a number alone between
 * underscores ("loop_120_Am"); null when it declares none (or one outside 40–300).
 */
export function declaredTempo(fileName: string): number | null {
  const stem = fileName.replace(/\.[^.]+$/, '');
  const match =
    /(?:^|[^\d.])(\d{2,3}(?:\.\d)?)\s*-?bpm\b/i.exec(stem) ?? /(?:^|_)(\d{2,3})(?=_|$)/.exec(stem);
  if (!match) return null;
  const bpm = Number(match[1]);
  return bpm >= TEMPO_RANGE[0] && bpm <= TEMPO_RANGE[1] ? bpm : null;
}

/**
 * The key a file name declares, as a library key (flats spelled as sharps): a capital note with
 * an optional accidental and a quality ("Am", "C#m", "Eb minor", "F maj", "Bb") standing as its
 * own word; a bare natural note ("Kick A") is too common a word to count. Null when none.
 */
export function declaredKey(fileName: string): MusicalKey | null {
  const stem = fileName.replace(/\.[^.]+$/, '');
  const pattern =
    /(?:^|[\s_\-([])([A-G])([#♯b♭]?)(?:\s?(m|min|minor|maj|major))?(?=$|[\s_\-)\].])/g;
  for (const [, note, accidental, quality] of stem.matchAll(pattern)) {
    if (!accidental && !quality) continue;
    const shift = accidental === '#' || accidental === '♯' ? 1 : accidental ? -1 : 0;
    const tonic = SHARPS[(NOTE_INDEX[note!]! + shift + 12) % 12]!;
    const minor =
      quality !== undefined && quality.toLowerCase().startsWith('m') && !/^maj/i.test(quality);
    const key = `${tonic}${minor ? 'm' : ''}`;
    if ((MUSICAL_KEYS as readonly string[]).includes(key)) return key as MusicalKey;
  }
  return null;
}

/**
 * TEMPO_MISMATCH: a declared tempo more than TEMPO_TOLERANCE from the detected one. Half and
 * double the detected tempo agree too: a beat tracker's octave is ambiguous (a 140 trap loop
 * reads as 70), and the producer's count is the one to keep. No detected tempo, no finding.
 */
export function checkTempo(declared: number | null, detected: number | null): Finding[] {
  if (declared === null || detected === null) return [];
  const agrees = [detected, detected / 2, detected * 2].some(
    (bpm) => Math.abs(bpm - declared) <= TEMPO_TOLERANCE,
  );
  return agrees ? [] : [{ code: 'TEMPO_MISMATCH', detail: { declared, detected } }];
}

/** The tonic of a key and the tonic of its relative (C ↔ Am): the same seven notes. */
function tonics(key: MusicalKey): { tonic: string; relative: string } {
  const minor = key.endsWith('m');
  const tonic = minor ? key.slice(0, -1) : key;
  const relative = SHARPS[(SHARPS.indexOf(tonic) + (minor ? 3 : 9)) % 12]!;
  return { tonic, relative };
}

/**
 * KEY_MISMATCH: a declared key whose tonic is neither the detected one's nor its relative's. A
 * mode alone (Em declared, E detected) is no finding: a pluck, a bass or a drone sounds one pitch
 * or a root and its fifth, which carries no mode (docs/ANALYSIS.md "Key"), and a relative major
 * and minor share their notes. No detected key, no finding.
 */
export function checkKey(declared: MusicalKey | null, detected: MusicalKey | null): Finding[] {
  if (declared === null || detected === null) return [];
  const said = tonics(declared);
  const heard = tonics(detected);
  const agrees =
    said.tonic === heard.tonic ||
    (declared.endsWith('m') !== detected.endsWith('m') && said.relative === heard.tonic);
  return agrees ? [] : [{ code: 'KEY_MISMATCH', detail: { declared, detected } }];
}
