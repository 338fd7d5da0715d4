// The library's key labels ('F#m') and the analysis's { tonic, mode } pairs, both ways.
import { MUSICAL_KEYS, type MusicalKey } from '../shared/api/catalogue.types.ts';
import { TONICS } from '../shared/api/musical-keys.ts';

/** A key as the analysis reports it: tonic spelled as in MUSICAL_KEYS (sharps), and mode. */
export interface KeyEstimate {
  tonic: string;
  mode: 'major' | 'minor';
}

/** Pitch-class names, 0 = C, spelled with sharps as the library's keys are. */
export const PITCH_CLASSES = TONICS;

// Flat spellings a caller may hand in ('Gb', 'Bbm'): each names the sharp pitch class above.
const FLATS: Record<string, string> = { Db: 'C#', Eb: 'D#', Gb: 'F#', Ab: 'G#', Bb: 'A#' };

/** The library's label of a key: { tonic: 'F#', mode: 'minor' } → 'F#m'. */
export function keyToLabel(key: KeyEstimate): MusicalKey {
  const tonic = FLATS[key.tonic] ?? key.tonic;
  const label = `${tonic}${key.mode === 'minor' ? 'm' : ''}`;
  if (!(MUSICAL_KEYS as readonly string[]).includes(label))
    throw new Error(`not a key: ${JSON.stringify(key)}`);
  return label as MusicalKey;
}

/** The { tonic, mode } of a library key label: 'F#m' → { tonic: 'F#', mode: 'minor' }. */
export function labelToKey(label: string): KeyEstimate {
  const minor = label.endsWith('m');
  const raw = minor ? label.slice(0, -1) : label;
  const tonic = FLATS[raw] ?? raw;
  if (!(PITCH_CLASSES as readonly string[]).includes(tonic))
    throw new Error(`not a key label: ${JSON.stringify(label)}`);
  return { tonic, mode: minor ? 'minor' : 'major' };
}

/** Pitch class (0 = C) of a tonic name. */
export function pitchClassOf(tonic: string): number {
  return (PITCH_CLASSES as readonly string[]).indexOf(FLATS[tonic] ?? tonic);
}
