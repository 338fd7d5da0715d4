// Builds the similar-sounds snapshot (every stored embedding, grouped by kind) from rows as a
// storage adapter reads them, in id order; shared by the SQLite and PostgreSQL adapters.
import { EMBEDDING_SIZE } from '../../src/analysis/index.ts';
import type { SampleKind } from '../../src/shared/api/catalogue.types.ts';
import type { EmbeddingGroup, EmbeddingSnapshot } from './catalogue.repository.ts';

/** `values` × `scale`, rounded and kept within the Int8 range. */
export function quantise(values: Float32Array, scale: number): Int8Array {
  const out = new Int8Array(values.length);
  for (let i = 0; i < values.length; i++)
    out[i] = Math.max(-127, Math.min(127, Math.round(values[i]! * scale)));
  return out;
}

/** One group that grows by doubling while the rows stream in. */
class GrowingGroup {
  count = 0;
  ids = new Int32Array(1024);
  packs = new Int32Array(1024);
  vectors = new Float32Array(1024 * EMBEDDING_SIZE);

  add(id: number, pack: number, blob: Uint8Array): void {
    if (this.count === this.ids.length) {
      const grow = <T extends Int32Array | Float32Array>(old: T, make: (n: number) => T): T => {
        const bigger = make(old.length * 2);
        bigger.set(old);
        return bigger;
      };
      this.ids = grow(this.ids, (n) => new Int32Array(n));
      this.packs = grow(this.packs, (n) => new Int32Array(n));
      this.vectors = grow(this.vectors, (n) => new Float32Array(n));
    }
    // Little-endian Float32 (every platform Node ships for), copied: the row's bytes belong to
    // the driver's answer and need not be aligned.
    const floats = new Float32Array(
      blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength),
    );
    this.vectors.set(floats, this.count * EMBEDDING_SIZE);
    this.ids[this.count] = id;
    this.packs[this.count] = pack;
    this.count++;
  }

  /** The largest |value| of any vector. */
  peak(): number {
    let peak = 0;
    for (let i = 0; i < this.count * EMBEDDING_SIZE; i++)
      peak = Math.max(peak, Math.abs(this.vectors[i]!));
    return peak;
  }

  done(scale: number): EmbeddingGroup {
    const vectors = this.vectors.slice(0, this.count * EMBEDDING_SIZE);
    return {
      ids: this.ids.slice(0, this.count),
      packs: this.packs.slice(0, this.count),
      vectors,
      quantised: quantise(vectors, scale),
    };
  }
}

/** Collects stored embeddings into an EmbeddingSnapshot. */
export class SnapshotBuilder {
  private readonly packOf = new Map<string, number>();
  private readonly groups = { oneshot: new GrowingGroup(), loop: new GrowingGroup() };

  /** Adds one sample's stored embedding BLOB; a BLOB of the wrong size is skipped. */
  add(id: number, packCode: string, kind: SampleKind, blob: unknown): void {
    if (!(blob instanceof Uint8Array) || blob.byteLength !== EMBEDDING_SIZE * 4) return;
    let pack = this.packOf.get(packCode);
    if (pack === undefined) this.packOf.set(packCode, (pack = this.packOf.size));
    this.groups[kind === 'loop' ? 'loop' : 'oneshot'].add(id, pack, blob);
  }

  /** The snapshot of everything added, stamped with `version`. */
  done(version: string): EmbeddingSnapshot {
    const peak = Math.max(this.groups.oneshot.peak(), this.groups.loop.peak());
    const scale = peak > 0 ? 127 / peak : 1;
    return {
      version,
      packCodes: [...this.packOf.keys()],
      packIndex: new Map(this.packOf),
      scale,
      groups: { oneshot: this.groups.oneshot.done(scale), loop: this.groups.loop.done(scale) },
    };
  }
}
