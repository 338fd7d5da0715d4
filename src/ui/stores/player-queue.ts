import type { PlayerSong } from '../audio/playback-engine.types.ts';

/** Loop modes of the sample player; SPEC §3 fixes 2 as random, the others are ours. */
export const LOOP_TYPES = { off: 0, list: 1, random: 2, single: 3 } as const;

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

/** Clamps to [min, max]; NaN becomes min. */
export function clamp(value: number, min: number, max: number): number {
  return Number.isNaN(value) ? min : Math.min(max, Math.max(min, value));
}
