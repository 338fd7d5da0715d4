// The fitting behind the embedding's constants (docs/ANALYSIS.md "Timbre embedding"): the
// standardisation of raw descriptors, the projection fitted on kinds of sound, and the
// precision@10 figure with the similar-sounds own-pack cap, so a fit can be measured on packs it
// never saw.
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { OWN_PACK_LIMIT } from '../server/catalogue/similar-index.ts';

/** One sample of the library: its raw descriptors and what the plan says it is. */
export interface Described {
  raw: Float64Array;
  secondary: string;
  pack: string;
  kind: string;
}

/** Share of the within-kind scatter replaced by its mean variance (shrinkage): a steadier fit. */
const SHRINK = 0.2;
/** Standardised descriptors are clipped to ± this, as `embed` does. */
const CLIP = 6;

/** Per-descriptor mean and standard deviation over `rows` (1 where a descriptor never varies). */
export function spread(rows: Described[]): { mean: number[]; scale: number[] } {
  const p = rows[0]!.raw.length;
  const mean = Array.from({ length: p }, (_, i) => rows.reduce((a, r) => a + r.raw[i]!, 0));
  for (let i = 0; i < p; i++) mean[i]! /= rows.length;
  const scale = mean.map(
    (m, i) => Math.sqrt(rows.reduce((a, r) => a + (r.raw[i]! - m) ** 2, 0) / rows.length) || 1,
  );
  return { mean, scale };
}

/** Descriptors standardised and clipped, as `embed` does before projecting. */
export function standardised(raw: Float64Array, mean: number[], scale: number[]): number[] {
  return Array.from(raw, (x, i) => {
    const z = (x - mean[i]!) / scale[i]!;
    return Number.isFinite(z) ? Math.max(-CLIP, Math.min(CLIP, z)) : 0;
  });
}

/** Eigenvectors (columns) of a symmetric matrix, largest eigenvalue first, and their values. */
function eigen(m: Matrix): { values: number[]; vectors: Matrix } {
  const e = new EigenvalueDecomposition(m, { assumeSymmetric: true });
  const order = e.realEigenvalues.map((v, i) => [v, i] as const).sort((a, b) => b[0] - a[0]);
  const vectors = new Matrix(m.rows, m.rows);
  order.forEach(([, from], to) => vectors.setColumn(to, e.eigenvectorMatrix.getColumn(from)));
  return { values: order.map(([v]) => v), vectors };
}

/**
 * A linear discriminant projection (p × dims, row-major): the directions along which samples of
 * one secondary name lie close and different names lie apart, in units of the (shrunk)
 * within-name spread. Fitted on `z` (standardised rows) labelled by `names`.
 */
export function discriminant(z: number[][], names: string[], dims: number): number[] {
  const p = z[0]!.length;
  const n = z.length;
  const overall = Array.from({ length: p }, () => 0);
  for (const row of z) row.forEach((x, i) => (overall[i]! += x / n));
  const within = Matrix.zeros(p, p);
  const between = Matrix.zeros(p, p);
  for (const name of new Set(names)) {
    const members = z.filter((_, r) => names[r] === name);
    const centre = Array.from({ length: p }, () => 0);
    for (const row of members) row.forEach((x, i) => (centre[i]! += x / members.length));
    const offsets = new Matrix(members.map((row) => row.map((x, i) => x - centre[i]!)));
    within.add(offsets.transpose().mmul(offsets));
    const d = Matrix.columnVector(centre.map((c, i) => c - overall[i]!));
    between.add(d.mmul(d.transpose()).mul(members.length));
  }
  within.div(n);
  between.div(n);
  const meanVariance = within.trace() / p;
  within.mul(1 - SHRINK).add(Matrix.eye(p, p).mul(SHRINK * meanVariance));
  // Whiten the within-name scatter, then take the between-name scatter's main axes.
  const w = eigen(within);
  const whiten = w.vectors.mmul(Matrix.diag(w.values.map((v) => 1 / Math.sqrt(v))));
  const axes = eigen(whiten.transpose().mmul(between).mmul(whiten)).vectors;
  const projection = whiten.mmul(axes.subMatrix(0, p - 1, 0, dims - 1));
  return projection.to1DArray();
}

/** Unit-length `z` projected by `projection` (p × dims, row-major). */
export function projected(z: number[], projection: number[], dims: number): Float64Array {
  const out = new Float64Array(dims);
  z.forEach((x, i) => {
    for (let d = 0; d < dims; d++) out[d]! += x * projection[i * dims + d]!;
  });
  const norm = Math.hypot(...out) || 1;
  return out.map((x) => x / norm);
}

/**
 * Mean share of each sample's 10 nearest of the same kind (cosine; at most OWN_PACK_LIMIT from
 * its own pack; itself left out) that share its secondary name: the similar-sounds figure.
 */
export function precisionAt10(rows: Described[], vectors: Float64Array[]): number {
  let sum = 0;
  let queries = 0;
  rows.forEach((row, a) => {
    const scored = rows
      .map((other, b) => ({
        b,
        other,
        dot: vectors[a]!.reduce((s, x, d) => s + x * vectors[b]![d]!, 0),
      }))
      .filter(({ b, other }) => b !== a && other.kind === row.kind)
      .sort((x, y) => y.dot - x.dot || x.b - y.b);
    const answer: Described[] = [];
    let own = 0;
    for (const { other } of scored) {
      if (answer.length >= 10) break;
      if (other.pack === row.pack && ++own > OWN_PACK_LIMIT) continue;
      answer.push(other);
    }
    if (answer.length === 0) return;
    sum += answer.filter((o) => o.secondary === row.secondary).length / answer.length;
    queries++;
  });
  return queries === 0 ? 0 : sum / queries;
}
