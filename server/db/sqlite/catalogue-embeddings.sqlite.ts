import type { Database } from '../database.ts';
import type {
  CatalogueRepository,
  EmbeddingGroup,
  EmbeddingSnapshot,
} from '../../catalogue/catalogue.repository.ts';
import { decodeEmbedding } from '../../library/sound-analysis.ts';
import { EMBEDDING_SIZE } from '../../../src/analysis/index.ts';
import type { SampleKind } from '../../../src/shared/api/catalogue.types.ts';

/** A group that grows by doubling while the rows stream in. */
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
    // Little-endian Float32 on every platform Node ships for; copied, not viewed: the row's
    // buffer belongs to SQLite's answer.
    const floats = new Float32Array(
      blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength),
    );
    this.vectors.set(floats, this.count * EMBEDDING_SIZE);
    this.ids[this.count] = id;
    this.packs[this.count] = pack;
    this.count++;
  }

  done(): EmbeddingGroup {
    return {
      ids: this.ids.slice(0, this.count),
      packs: this.packs.slice(0, this.count),
      vectors: this.vectors.slice(0, this.count * EMBEDDING_SIZE),
    };
  }
}

/**
 * The repository's embedding reads. The snapshot is read once and kept until the stamp in
 * `meta.embeddings_version` changes (every write of an embedding bumps it, in its transaction,
 * whichever process writes: `npm run import` too): one primary-key read per call.
 */
export function sqliteEmbeddings(
  db: Database,
): Pick<CatalogueRepository, 'embeddings' | 'sampleEmbedding'> {
  const version = db.prepare("SELECT value FROM meta WHERE key = 'embeddings_version'");
  const all = db.prepare(
    'SELECT id, pack_code, kind, embedding FROM samples WHERE embedding IS NOT NULL ORDER BY id',
  );
  const one = db.prepare('SELECT kind, pack_code, embedding FROM samples WHERE id = ?');
  let snapshot: EmbeddingSnapshot | null = null;
  const load = (stamp: string): EmbeddingSnapshot => {
    const packOf = new Map<string, number>();
    const groups = { oneshot: new GrowingGroup(), loop: new GrowingGroup() };
    for (const row of all.iterate()) {
      const blob = row.embedding;
      if (!(blob instanceof Uint8Array) || blob.byteLength !== EMBEDDING_SIZE * 4) continue;
      const code = String(row.pack_code);
      let pack = packOf.get(code);
      if (pack === undefined) packOf.set(code, (pack = packOf.size));
      groups[row.kind === 'loop' ? 'loop' : 'oneshot'].add(Number(row.id), pack, blob);
    }
    return {
      version: stamp,
      packCodes: [...packOf.keys()],
      groups: { oneshot: groups.oneshot.done(), loop: groups.loop.done() },
    };
  };
  return {
    async embeddings() {
      const stamp = String(version.get()?.value ?? '0');
      if (snapshot?.version !== stamp) snapshot = load(stamp);
      return snapshot;
    },
    async sampleEmbedding(id) {
      const row = one.get(id);
      if (!row) return null;
      return {
        kind: String(row.kind) as SampleKind,
        packCode: String(row.pack_code),
        embedding: decodeEmbedding(row.embedding as Uint8Array | null),
      };
    },
  };
}
