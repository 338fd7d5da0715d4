// Nearest sounds by embedding (docs/api/catalogue.md "Similar sounds"): a brute-force search,
// every stored embedding of the wanted kind scored against the query by usearch's SIMD inner
// product (the embeddings are L2-normalised, so the dot product is the cosine). No graph index:
// 8 ms for 1M × 64 Int8 values on one core of the build machine (docs/STACK-NOTES.md), and
// nothing to rebuild when a sample is imported.
import usearch from 'usearch';
import { EMBEDDING_SIZE } from '../../src/analysis/index.ts';
import type { SampleKind } from '../../src/shared/api/catalogue.types.ts';
import type { EmbeddingSnapshot } from './catalogue.repository.ts';
import { quantise } from './embedding-snapshot.ts';

/**
 * At most this many answers come from the pack of the sample asked about, so the answer is not
 * the rest of one pack (docs/api/catalogue.md "Similar sounds"; the precision@10 it must keep:
 * benchmarks/README.md "Similar sounds").
 */
export const OWN_PACK_LIMIT = 3;

/** One answer: a sample id and its cosine similarity to the query (−1..1). */
export interface Neighbour {
  id: number;
  score: number;
}

/** What to search for. */
export interface SimilarQuery {
  /** EMBEDDING_SIZE finite floats; normalised here. */
  embedding: Float32Array;
  kind: SampleKind;
  limit: number;
  /** The sample asked about: left out of its own answer. */
  excludeId?: number;
  /** Its pack: at most OWN_PACK_LIMIT answers from it. */
  ownPackCode?: string;
}

/** The query scaled to unit length, or null when it has none (all zeros). */
export function normalised(embedding: Float32Array): Float32Array | null {
  let norm = 0;
  for (const x of embedding) norm += x * x;
  norm = Math.sqrt(norm);
  if (!(norm > 0) || !Number.isFinite(norm)) return null;
  return embedding.map((x) => x / norm);
}

/** Candidates the Int8 pass hands to the exact re-rank, per answer wanted. */
const CANDIDATES_PER_ANSWER = 4;

// What usearch's exact search gives back that the re-rank reads: the matching rows' keys.
interface ExactMatches {
  keys: BigUint64Array;
}

/**
 * The nearest samples of `query.kind` in `snapshot`, best first. A first pass scores every row of
 * the kind on its Int8 copy (usearch's SIMD inner product: 4× less memory to stream than Float32,
 * 1.75× faster at 1M rows), then the best CANDIDATES_PER_ANSWER × wanted rows are scored exactly
 * on their Float32 vectors and sorted; the order and scores answered are the exact ones. While
 * the own-pack cap or the excluded sample leaves the answer short, it asks for four times as many.
 */
export function nearest(snapshot: EmbeddingSnapshot, query: SimilarQuery): Neighbour[] {
  const group = snapshot.groups[query.kind];
  const rows = group.ids.length;
  const vector = normalised(query.embedding);
  if (rows === 0 || vector === null || query.limit < 1) return [];
  const ownPack =
    query.ownPackCode === undefined ? -1 : (snapshot.packIndex.get(query.ownPackCode) ?? -1);
  const coarse = quantise(vector, snapshot.scale);
  let want = Math.min(rows, query.limit + OWN_PACK_LIMIT + 1);
  for (;;) {
    const found = usearch.exactSearch(
      group.quantised,
      coarse,
      EMBEDDING_SIZE,
      Math.min(rows, want * CANDIDATES_PER_ANSWER),
      usearch.MetricKind.IP,
      1,
    ) as ExactMatches;
    const scored = Array.from(found.keys, (key) => {
      const row = Number(key);
      const at = row * EMBEDDING_SIZE;
      let dot = 0;
      for (let d = 0; d < EMBEDDING_SIZE; d++) dot += group.vectors[at + d]! * vector[d]!;
      return { row, dot };
    }).sort((a, b) => b.dot - a.dot || a.row - b.row);
    const answer: Neighbour[] = [];
    let fromOwnPack = 0;
    for (const { row, dot } of scored) {
      if (answer.length >= query.limit) break;
      const id = group.ids[row]!;
      if (id === query.excludeId) continue;
      if (group.packs[row] === ownPack && ++fromOwnPack > OWN_PACK_LIMIT) continue;
      answer.push({ id, score: Math.round(dot * 1e4) / 1e4 });
    }
    if (answer.length >= query.limit || want >= rows) return answer;
    want = Math.min(rows, want * 4);
  }
}
