import type { PlayerSong } from '../engine/playback-engine.types.ts';

/**
 * Play modes of the sample player; docs/PRODUCT.md §3 fixes 2 as random, the others are ours. `off` plays a
 * row once, except that a loop sample repeats; `order` advances to the next row and stops at the
 * end of the list (docs/UI.md "The player").
 */
export const LOOP_TYPES = { off: 0, list: 1, random: 2, single: 3, order: 4 } as const;

/** A loop mode value. */
export type LoopType = (typeof LOOP_TYPES)[keyof typeof LOOP_TYPES];

/** `list` plus the songs whose id is not in it yet (also dropping repeats within `songs`). */
export function addUnique(list: PlayerSong[], songs: PlayerSong[]): PlayerSong[] {
  const seen = new Set(list.map((s) => s.id));
  const added = songs.filter((s) => !seen.has(s.id) && (seen.add(s.id), true));
  return added.length === 0 ? list : [...list, ...added];
}

/**
 * The song after (step 1) or before (step -1) `currentId`: a random other one when loopType is
 * random, else wrapping round the list. Null for an empty list.
 */
export function pickNeighbour(
  list: PlayerSong[],
  currentId: number | null,
  step: 1 | -1,
  loopType: LoopType,
  random: () => number = Math.random,
): PlayerSong | null {
  if (list.length === 0) return null;
  const index = list.findIndex((s) => s.id === currentId);
  if (loopType === LOOP_TYPES.random && list.length > 1) {
    // Pick among the others so "next" never replays the same row.
    const pick = Math.floor(random() * (list.length - 1));
    return list[index >= 0 && pick >= index ? pick + 1 : pick]!;
  }
  if (index < 0) return list[step === 1 ? 0 : list.length - 1]!;
  return list[(index + step + list.length) % list.length]!;
}

/** Whether a song repeats at its end by itself: repeat-one, or a loop sample in the default mode. */
export function repeatsItself(song: PlayerSong | null, loopType: LoopType): boolean {
  if (!song) return false;
  return (
    loopType === LOOP_TYPES.single ||
    (loopType === LOOP_TYPES.off && song.audioData?.kind === 'loop')
  );
}

/**
 * Whether a song plays as one continuous looping voice (docs/AUDIO.md, "Loops"): a loop sample in
 * a mode that repeats it. A one-shot in repeat-one mode starts again through a new voice instead:
 * its end was not made to run into its start, so it keeps its tail fade (and its attack) each pass.
 */
export function loopsSeamlessly(song: PlayerSong | null, loopType: LoopType): boolean {
  return repeatsItself(song, loopType) && song?.audioData?.kind === 'loop';
}

/** The song after `currentId` in the "in order" mode: the next one, none after the last. */
export function nextInOrder(list: PlayerSong[], currentId: number | null): PlayerSong | null {
  const index = list.findIndex((s) => s.id === currentId);
  return list[index + 1] ?? null;
}

/** Clamps to [min, max]; NaN becomes min. */
export function clamp(value: number, min: number, max: number): number {
  return Number.isNaN(value) ? min : Math.min(max, Math.max(min, value));
}
