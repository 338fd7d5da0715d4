// Fixes the review queue applies to a stored file's PCM (docs/LIBRARY.md "Review findings"):
// pure functions, so the service can show before → after and store the result as a new file.
import { firstSound } from './signal-checks.ts';

/** Sound kept before the first non-silent sample when trimming (ms), so no attack is cut. */
export const TRIM_PREROLL_MS = 1;

/** The channels without their leading silence (all but TRIM_PREROLL_MS of it). */
export function trimLeadingSilence(channels: Float32Array[], sampleRate: number): Float32Array[] {
  const sound = firstSound(channels);
  if (sound >= (channels[0]?.length ?? 0))
    throw new RangeError('the file is silence: nothing would be left');
  const start = Math.max(0, sound - Math.round((TRIM_PREROLL_MS * sampleRate) / 1000));
  return channels.map((c) => c.slice(start));
}

/** The channels with each one's mean subtracted. */
export function removeDcOffset(channels: Float32Array[]): Float32Array[] {
  return channels.map((c) => {
    let sum = 0;
    for (let i = 0; i < c.length; i++) sum += c[i]!;
    const mean = c.length > 0 ? sum / c.length : 0;
    return c.map((x) => x - mean);
  });
}
