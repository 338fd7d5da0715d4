import { transaction, type Database } from '../database.ts';
import type { LibraryRepository, SampleWrite } from '../../../library/library.repository.ts';
import { spaceCjk } from '../catalogue/search-text.ts';
import { tagSearchText } from '../../../catalogue/tag-vocabulary.ts';
import { searchKey } from '../catalogue/query.ts';
import { BUMP_EMBEDDINGS, sqliteAnalysis } from './analysis.ts';
import { BUMP_SEARCH_VERSION } from '../accelerators/word-sets.ts';
import { encodeEmbedding } from '../../../library/sound-analysis.ts';
import { PACK_COLUMNS, packValues, SAMPLE_COLUMNS, sampleValues } from '../../rows/library.ts';

// Page cache while bulk loading (KiB, as PRAGMA cache_size takes it negative): the FTS segments
// and the one unique index built row by row stay in memory instead of being re-read from disk.
const BULK_CACHE_KIB = 256 * 1024;
// Brand, pack, taxonomy and tag texts repeat across a library's samples (every clone of the
// `huge` library shares them): each distinct text is spaced once, as the seeder did before the
// spacing moved here.
const SPACED_MEMO_LIMIT = 50_000;

/** SQLite implementation of the library port (seeding, import, pending auditions). */
export function sqliteLibrary(db: Database): LibraryRepository {
  const findBrand = db.prepare('SELECT id FROM brands WHERE name = ?');
  const insertBrand = db.prepare('INSERT INTO brands (name, name_zh) VALUES (?, ?)');
  const insertTaxonomy = db.prepare(
    `INSERT OR IGNORE INTO taxonomy (category, primary_name, secondary_name, name_zh, position)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const insertPack = db.prepare(
    `INSERT INTO packs (${PACK_COLUMNS}, cover_type)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'image/png')`,
  );
  // shuffle_key: the RANDOM sort's stored key, a hash of the id the row is about to get (a table
  // without AUTOINCREMENT gives max(id) + 1; migration 021).
  const insertSample = db.prepare(
    `INSERT INTO samples (${SAMPLE_COLUMNS.join(', ')}, shuffle_key)
     VALUES (${SAMPLE_COLUMNS.map(() => '?').join(', ')},
       (SELECT yinku_shuffle(coalesce(max(id), 0) + 1, 0) FROM samples))`,
  );
  // Every write of samples may change the stored embeddings: the similar-sounds snapshot reloads.
  const bumpEmbeddings = db.prepare(BUMP_EMBEDDINGS);
  // Every write of samples writes search text: cached word sets are dropped.
  const bumpSearch = db.prepare(BUMP_SEARCH_VERSION);
  // Clones share their base row's analysis: its embedding is encoded once, not per clone.
  const encoded = new WeakMap<Float32Array, Uint8Array>();
  const embeddingBlob = (vector: Float32Array): Uint8Array => {
    let blob = encoded.get(vector);
    if (!blob) encoded.set(vector, (blob = encodeEmbedding(vector)));
    return blob;
  };
  const insertFts = db.prepare(
    `INSERT INTO samples_fts (rowid, name, tags, brand, pack, type, grp)
     VALUES (${searchKey('?', '?')}, ?, ?, ?, ?, ?, ?)`,
  );
  const seeded = db.prepare("SELECT value FROM meta WHERE key = 'seeded_at'");
  const markSeeded = db.prepare(
    "INSERT INTO meta (key, value) VALUES ('seeded_at', ?), ('library_size', ?)",
  );
  const findPack = db.prepare('SELECT 1 AS found FROM packs WHERE code = ?');
  const findBlob = db.prepare('SELECT 1 AS found FROM samples WHERE blob_hash = ?');
  // A NULL version is a preview stored before versions (format 1).
  const storeAudition = db.prepare(
    `UPDATE samples SET audition_hash = ?, audition_code = ?, audition_version = ?
     WHERE id = ? AND (audition_hash IS NULL OR coalesce(audition_version, 1) < ?)`,
  );
  const addBrand = (name: string, nameZh: string): void => {
    if (!findBrand.get(name)) insertBrand.run(name, nameZh);
  };
  const memo = new Map<string, string>();
  const spaced = (text: string): string => {
    let found = memo.get(text);
    if (found === undefined) {
      if (memo.size >= SPACED_MEMO_LIMIT) memo.clear();
      found = spaceCjk(text);
      memo.set(text, found);
    }
    return found;
  };
  const writeSample = (row: SampleWrite): number => {
    const id = Number(
      insertSample.run(...sampleValues(row, (bytes) => bytes, embeddingBlob)).lastInsertRowid,
    );
    // The FTS row (rowid = the sample's search key, migration 032) holds every text CJK-spaced
    // (sqlite/catalogue/search-text.ts).
    const { search } = row;
    insertFts.run(
      row.popularity,
      id,
      spaceCjk(search.name),
      spaced(tagSearchText(row.tags)),
      spaced(search.brand),
      spaced(search.pack),
      spaced(search.type),
      spaced(search.grp),
    );
    return id;
  };
  const write = (batch: Parameters<LibraryRepository['writeBatch']>[0]): number[] => {
    for (const brand of batch.brands ?? []) addBrand(brand.name, brand.nameZh);
    for (const row of batch.taxonomy ?? [])
      insertTaxonomy.run(
        row.category,
        row.primaryName,
        row.secondaryName,
        row.nameZh,
        row.position,
      );
    for (const row of batch.packs ?? []) {
      const brand = findBrand.get(row.brand)?.id;
      if (brand === undefined) throw new Error(`pack ${row.code}: no brand ${row.brand}`);
      insertPack.run(...packValues(row, Number(brand)));
    }
    if (batch.samples?.length || batch.packs?.length) bumpEmbeddings.run();
    if (batch.samples?.length) bumpSearch.run();
    return (batch.samples ?? []).map(writeSample);
  };

  return {
    ...sqliteAnalysis(db),
    async seededAt() {
      const row = seeded.get();
      return row ? String(row.value) : null;
    },
    async markSeeded(at, size) {
      // A seeding writes the full-text index in many segments, each term's doclist split across
      // them; merged into one, every search reads one doclist a word (at 1M rows a full name's
      // intersection 5.7 → 3.3 ms, `kick`'s first page 0.5 → 0.2 ms; 8.6 s once). Imports
      // after it add small segments that FTS5's automerge folds in.
      db.exec("INSERT INTO samples_fts (samples_fts) VALUES ('optimize')");
      markSeeded.run(at, size);
    },
    async writeBatch(batch, options = {}) {
      return transaction(db, () => {
        if (options.replace) {
          for (const table of ['samples_fts', 'samples', 'packs', 'taxonomy', 'brands'])
            db.exec(`DELETE FROM ${table}`);
        }
        return write(batch);
      });
    },
    async writeBulk(batches) {
      bulkLoad(db, () => {
        for (const batch of batches) write(batch);
      });
    },
    async packCovers() {
      return new Map(
        db
          .prepare('SELECT code, cover_hash FROM packs')
          .all()
          .map((row) => [String(row.code), row.cover_hash == null ? null : String(row.cover_hash)]),
      );
    },
    async hasPack(code) {
      return findPack.get(code) !== undefined;
    },
    async hasSampleWithBlob(hash) {
      return findBlob.get(hash) !== undefined;
    },
    async pendingAuditions(version) {
      return db
        .prepare(
          `SELECT id, blob_hash, popularity, audition_hash IS NOT NULL AS stale FROM samples
           WHERE audition_hash IS NULL OR coalesce(audition_version, 1) < ?`,
        )
        .all(version)
        .map((row) => ({
          id: Number(row.id),
          blobHash: String(row.blob_hash),
          popularity: Number(row.popularity),
          stale: Number(row.stale) === 1,
        }));
    },
    async storeAuditions(results) {
      transaction(db, () => {
        for (const r of results)
          storeAudition.run(
            r.auditionHash,
            r.auditionCode,
            r.auditionVersion,
            r.id,
            r.auditionVersion,
          );
      });
    },
  };
}

/**
 * Runs a bulk insert into `samples` in one transaction with its named indexes dropped and built
 * again at the end (a sort per index instead of a random B-tree insert per row and index) and a
 * large page cache. Schema changes are transactional in SQLite, so a failure restores them.
 */
function bulkLoad(db: Database, work: () => void): void {
  const cacheSize = Number(db.prepare('PRAGMA cache_size').get()?.cache_size ?? -2000);
  db.exec(`PRAGMA cache_size = -${BULK_CACHE_KIB}`);
  // Out of WAL mode, rows appended to the file are written once; in WAL, once to the log and
  // again at the checkpoint (~3 GB twice for 1M rows with their peaks).
  db.exec('PRAGMA journal_mode = DELETE');
  try {
    transaction(db, () => {
      const indexes = db
        .prepare(
          "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'samples' AND sql IS NOT NULL",
        )
        .all()
        .map((row) => ({ name: String(row.name), sql: String(row.sql) }));
      for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`);
      work();
      for (const index of indexes) db.exec(index.sql);
    });
  } finally {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec(`PRAGMA cache_size = ${cacheSize}`);
  }
}
