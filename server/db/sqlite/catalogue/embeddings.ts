import type { Database } from '../database.ts';
import type {
  CatalogueRepository,
  EmbeddingSnapshot,
} from '../../../catalogue/catalogue.repository.ts';
import { SnapshotBuilder } from '../../../catalogue/embedding-snapshot.ts';
import { decodeEmbedding } from '../../../library/sound-analysis.ts';
import type { SampleKind } from '../../../../src/shared/api/catalogue.types.ts';

/** Rows read per step while loading the snapshot; the event loop runs between steps. */
const LOAD_BATCH = 10_000;

/**
 * The repository's embedding reads. The snapshot is read once and kept until the stamp in
 * `meta.embeddings_version` changes (every write of samples or analyses bumps it, in its
 * transaction, whichever process writes: `npm run import` too): one primary-key read per call.
 * It is read in steps of LOAD_BATCH rows by id, yielding to the event loop between them (1M rows
 * took 20 s on the loaded build machine: other requests are served meanwhile), and calls that
 * arrive during a load wait for that load.
 */
export function sqliteEmbeddings(
  db: Database,
): Pick<CatalogueRepository, 'embeddings' | 'sampleEmbedding'> {
  const version = db.prepare("SELECT value FROM meta WHERE key = 'embeddings_version'");
  const batch = db.prepare(
    `SELECT id, pack_code, kind, embedding FROM samples
     WHERE embedding IS NOT NULL AND id > ? ORDER BY id LIMIT ?`,
  );
  const one = db.prepare('SELECT kind, pack_code, embedding FROM samples WHERE id = ?');
  let snapshot: EmbeddingSnapshot | null = null;
  let loading: { stamp: string; done: Promise<EmbeddingSnapshot> } | null = null;
  const load = async (stamp: string): Promise<EmbeddingSnapshot> => {
    const builder = new SnapshotBuilder();
    for (let after = 0; ;) {
      const rows = batch.all(after, LOAD_BATCH);
      for (const row of rows)
        builder.add(Number(row.id), String(row.pack_code), row.kind as SampleKind, row.embedding);
      if (rows.length < LOAD_BATCH) break;
      after = Number(rows.at(-1)!.id);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return builder.done(stamp);
  };
  return {
    async embeddings() {
      const stamp = String(version.get()?.value ?? '0');
      if (snapshot?.version === stamp) return snapshot;
      if (loading?.stamp !== stamp) {
        const done = load(stamp).then((loaded) => {
          // A newer load may have started meanwhile: keep whichever stamp is current.
          if (loading?.done === done) {
            snapshot = loaded;
            loading = null;
          }
          return loaded;
        });
        done.catch(() => {
          if (loading?.done === done) loading = null;
        });
        loading = { stamp, done };
      }
      return loading.done;
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
