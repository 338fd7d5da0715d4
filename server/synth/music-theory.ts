import type { MusicalKey } from '../../src/shared/api/catalogue.types.ts';

const PITCH_CLASSES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];

/** Root pitch class (0 = C) and mode of a musical key such as `F#m`. */
export function parseKey(key: MusicalKey): { pitchClass: number; minor: boolean } {
  const minor = key.endsWith('m');
  return { pitchClass: PITCH_CLASSES.indexOf(minor ? key.slice(0, -1) : key), minor };
}

/** MIDI note of the key's root in the octave starting at `lowestMidi` (inclusive). */
export function rootMidi(key: MusicalKey, lowestMidi: number): number {
  const { pitchClass } = parseKey(key);
  return lowestMidi + ((((pitchClass - lowestMidi) % 12) + 12) % 12);
}

/** Semitone steps of the key's diatonic scale. */
export function scaleOf(key: MusicalKey): number[] {
  return parseKey(key).minor ? [0, 2, 3, 5, 7, 8, 10] : [0, 2, 4, 5, 7, 9, 11];
}

/** Semitone steps of the pentatonic scale used by the Chinese-style instruments. */
export function pentatonicOf(key: MusicalKey): number[] {
  return parseKey(key).minor ? [0, 3, 5, 7, 10] : [0, 2, 4, 7, 9];
}

/** Semitone offset of scale degree `degree` (0-based, may exceed one octave or be negative). */
export function degree(scale: number[], step: number): number {
  const octave = Math.floor(step / scale.length);
  return scale[((step % scale.length) + scale.length) % scale.length]! + 12 * octave;
}

/** A triad (root, third, fifth) on scale degree `step`, as semitone offsets. */
export function triad(scale: number[], step: number): number[] {
  return [degree(scale, step), degree(scale, step + 2), degree(scale, step + 4)];
}

/** Frames in `bars` bars of 4/4 at `bpm`: loops are exactly this long. */
export function loopFrames(bpm: number, bars: number, sampleRate: number): number {
  return Math.round((bars * 4 * 60 * sampleRate) / bpm);
}

/** MIDI notes of the triad on scale degree `step` of the key, rooted in the octave from `low`. */
export function chordMidis(key: MusicalKey, low: number, step: number): number[] {
  const root = rootMidi(key, low);
  return triad(scaleOf(key), step).map((s) => root + s);
}
