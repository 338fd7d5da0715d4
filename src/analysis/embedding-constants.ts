// Per-descriptor centre and spread of the timbre embedding, measured over the demo library
// (docs/ANALYSIS.md "Timbre embedding"). Placeholders until the first measurement.

/** Centre of each raw descriptor. */
export const EMBEDDING_MEAN: readonly number[] = Array.from({ length: 64 }, () => 0);
/** Spread of each raw descriptor. */
export const EMBEDDING_SCALE: readonly number[] = Array.from({ length: 64 }, () => 1);
