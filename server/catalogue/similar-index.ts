// Nearest sounds by embedding (docs/api/catalogue.md "Similar sounds"): an exact search, every
// stored embedding of the wanted kind scored against the query by usearch's SIMD inner product
// (the embeddings are L2-normalised, so the dot product is the cosine). Exact, not a graph
// index: 14 ms for 1M × 64 floats on one core of the build machine (docs/STACK-NOTES.md), and
// nothing to rebuild when a sample is imported.
import usearch from 'usearch';
import { EMBEDDING_SIZE } from '../../src/analysis/index.ts';
import type { SampleKind } from '../../src/shared/api/catalogue.types.ts';
import type { EmbeddingSnapshot } from './catalogue.repository.ts';

/** At most this many answers come from the pack of the sample asked about (docs/api/catalogue.md). */
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

/**
 * The nearest samples of `query.kind` in `snapshot`, best first. Asks usearch for a few more than
 * the limit and, while the own-pack cap or the excluded sample leaves the answer short, for four
 * times as many, up to the whole group.
 */
export function nearest(snapshot: EmbeddingSnapshot, query: SimilarQuery): Neighbour[] {
  const group = snapshot.groups[query.kind];
  const rows = group.ids.length;
  const vector = normalised(query.embedding);
  if (rows === 0 || vector === null || query.limit < 1) return [];
  const ownPack =
    query.ownPackCode === undefined ? -1 : snapshot.packCodes.indexOf(query.ownPackCode);
  let want = Math.min(rows, query.limit + OWN_PACK_LIMIT + 1);
  for (;;) {
    const found = usearch.exactSearch(
      group.vectors,
      vector,
      EMBEDDING_SIZE,
      want,
      usearch.MetricKind.IP,
      1,
    ) as { keys: BigUint64Array; distances: Float32Array };
    const answer: Neighbour[] = [];
    let fromOwnPack = 0;
    for (let i = 0; i < found.keys.length && answer.length < query.limit; i++) {
      const row = Number(found.keys[i]);
      const id = group.ids[row]!;
      if (id === query.excludeId) continue;
      if (group.packs[row] === ownPack && ++fromOwnPack > OWN_PACK_LIMIT) continue;
      // usearch's inner-product distance is 1 − dot.
      answer.push({ id, score: Math.round((1 - found.distances[i]!) * 1e4) / 1e4 });
    }
    if (answer.length >= query.limit || want >= rows) return answer;
    want = Math.min(rows, want * 4);
  }
}
