// Checks across files (docs/LIBRARY.md "Review findings"): a file louder or quieter than its
// pack, and a file that repeats another, exactly (decoded PCM) or nearly (timbre embedding).
import type { Finding } from './findings.ts';

/** A file this many LU or more from its pack's median loudness is an outlier. */
export const LOUDNESS_LIMIT_LU = 6;
/**
 * Embeddings this close (cosine) are the same sound (another bit depth, a gain change), not a
 * neighbour: distinct sounds of one demo voice reach 0.996. The embedding describes timbre, not
 * identity, so a lossy re-encode (its padding and band limit move it) is not caught by it.
 */
export const NEAR_DUPLICATE_COSINE = 0.999;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * LOUDNESS_OUTLIER for each file of one pack (by index) LOUDNESS_LIMIT_LU or more from the
 * pack's median integrated loudness. A pack of fewer than three has no median worth the name.
 */
export function checkLoudness(lufs: number[]): Map<number, Finding> {
  const out = new Map<number, Finding>();
  if (lufs.length < 3) return out;
  const packMedian = median(lufs);
  lufs.forEach((value, i) => {
    const offset = Math.round((value - packMedian) * 10) / 10;
    if (Math.abs(offset) >= LOUDNESS_LIMIT_LU)
      out.set(i, {
        code: 'LOUDNESS_OUTLIER',
        detail: { lufs: value, packMedian: Math.round(packMedian * 100) / 100, offsetLu: offset },
      });
  });
  return out;
}

/** A file as the duplicate check sees it. */
export interface DuplicateCandidate {
  fileName: string;
  pcmHash: string;
  /** L2-normalised (the analysis's embedding). */
  embedding: Float32Array;
}

/** The cosine of two L2-normalised vectors. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}

/**
 * DUPLICATE for `file` against the files before it: the same decoded PCM (`match: 'pcm'`), or
 * an embedding at NEAR_DUPLICATE_COSINE or closer (`match: 'embedding'`). Names the first it repeats.
 */
export function checkDuplicate(file: DuplicateCandidate, earlier: DuplicateCandidate[]): Finding[] {
  const same = earlier.find((other) => other.pcmHash === file.pcmHash);
  if (same) return [{ code: 'DUPLICATE', detail: { of: same.fileName, match: 'pcm' } }];
  for (const other of earlier) {
    const score = cosine(file.embedding, other.embedding);
    if (score >= NEAR_DUPLICATE_COSINE)
      return [
        {
          code: 'DUPLICATE',
          detail: { of: other.fileName, match: 'embedding', cosine: Math.round(score * 1e4) / 1e4 },
        },
      ];
  }
  return [];
}
