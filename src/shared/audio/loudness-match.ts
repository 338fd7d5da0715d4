/**
 * Matched loudness (docs/AUDIO.md, "My beat"): every audition plays at one integrated loudness,
 * the beat's or DEFAULT_TARGET_LUFS without one, so louder never sounds better; the gain never
 * lifts a sound's true peak above TRUE_PEAK_CEILING_DB. Pure: numbers in, a gain out.
 */

/** The target without a beat (LUFS): the loudness streaming services normalise to. */
export const DEFAULT_TARGET_LUFS = -14;
/** The highest true peak (dBTP) a matched audition may reach. */
export const TRUE_PEAK_CEILING_DB = -1;
/** Below this a measure is silence (the analysis' floors are −70 LUFS and −120 dBTP). */
const SILENT_LUFS = -70;

/** What is stored of a sound's level: its integrated loudness and, when known, its peak. */
export interface StoredLoudness {
  /** Integrated loudness, BS.1770 (LUFS). */
  lufs?: number | null;
  /** True peak (dBTP), or the sample peak (dBFS) when that is all there is. */
  truePeakDb?: number | null;
}

/**
 * The gain (dB) that brings a sound from its stored loudness to `targetLufs`, limited so its
 * true peak stays at or under TRUE_PEAK_CEILING_DB. Without a stored peak the gain only ever
 * lowers (≤ 0 dB): a file as delivered is taken not to clip, a lift could. 0 when the loudness
 * is unknown or the sound is silent (nothing to match).
 */
export function matchGainDb(sound: StoredLoudness, targetLufs = DEFAULT_TARGET_LUFS): number {
  const { lufs, truePeakDb } = sound;
  if (lufs === null || lufs === undefined || !Number.isFinite(lufs) || lufs <= SILENT_LUFS)
    return 0;
  const wanted = targetLufs - lufs;
  const headroom =
    truePeakDb === null || truePeakDb === undefined || !Number.isFinite(truePeakDb)
      ? 0
      : TRUE_PEAK_CEILING_DB - truePeakDb;
  return Math.min(wanted, headroom);
}

/** `matchGainDb` as a linear gain factor. */
export const matchGain = (sound: StoredLoudness, targetLufs = DEFAULT_TARGET_LUFS): number =>
  10 ** (matchGainDb(sound, targetLufs) / 20);
