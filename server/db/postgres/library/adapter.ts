import type {
  LibraryBatch,
  LibraryRepository,
  SampleWrite,
} from '../../../library/library.repository.ts';
import { withTransaction, type PgPool, type PgQueryable } from '../database.ts';
import { searchText } from '../catalogue/search-text.ts';
import { tagSearchText } from '../../../catalogue/tag-vocabulary.ts';
import { encodeEmbedding } from '../../../library/sound-analysis.ts';
import { PACK_COLUMNS, packValues, SAMPLE_COLUMNS, sampleValues } from '../../rows/library.ts';
import { BUMP_EMBEDDINGS, postgresAnalysis, toBuffer } from './analysis.ts';

// Rows per multi-row INSERT: 33 parameters a sample stays under PostgreSQL's 65,535.
const SAMPLE_CHUNK = 1_000;

/** A sample write's values as pg binds them. */
const sampleValuesOf = (row: SampleWrite): unknown[] =>
  sampleValues(row, toBuffer, (vector) => Buffer.from(encodeEmbedding(vector)));

/** `($1, $2, …), (…)` for `rows` rows of `width` parameters. */
const placeholders = (rows: number, width: number): string =>
  Array.from(
    { length: rows },
    (_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`,
  ).join(', ');

/**
 * Inserts samples in their order and their search rows; answers the new ids in that order.
 * Identity values are taken in the order of the VALUES list, so one library written in one
 * order gets the same ids as on SQLite (docs/DATABASE.md, "Ids").
 */
async function writeSamples(db: PgQueryable, samples: SampleWrite[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < samples.length; start += SAMPLE_CHUNK) {
    const chunk = samples.slice(start, start + SAMPLE_CHUNK);
    const inserted = await db.query<{ id: number }>(
      `INSERT INTO samples (${SAMPLE_COLUMNS.join(', ')})
       VALUES ${placeholders(chunk.length, SAMPLE_COLUMNS.length)} RETURNING id`,
      chunk.flatMap(sampleValuesOf),
    );
    const chunkIds = inserted.rows.map((row) => Number(row.id));
    await db.query(
      `INSERT INTO sample_search (sample_id, popularity, name, tags, brand, pack, type, grp)
       VALUES ${placeholders(chunk.length, 8)}`,
      chunk.flatMap((row, i) => [
        chunkIds[i],
        row.popularity,
        searchText(row.search.name),
        searchText(tagSearchText(row.tags)),
        searchText(row.search.brand),
        searchText(row.search.pack),
        searchText(row.search.type),
        searchText(row.search.grp),
      ]),
    );
    ids.push(...chunkIds);
  }
  return ids;
}

/** Writes one batch on `db` (inside the caller's transaction): brands, taxonomy, packs, samples. */
async function writeBatchOn(db: PgQueryable, batch: LibraryBatch): Promise<number[]> {
  for (const brand of batch.brands ?? []) {
    // Checked first, so a brand already there spends no identity value.
    const found = await db.query('SELECT 1 FROM brands WHERE name = $1', [brand.name]);
    if ((found.rowCount ?? 0) === 0)
      await db.query('INSERT INTO brands (name, name_zh) VALUES ($1, $2)', [
        brand.name,
        brand.nameZh,
      ]);
  }
  for (const row of batch.taxonomy ?? [])
    await db.query(
      `INSERT INTO taxonomy (category, primary_name, secondary_name, name_zh, position)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [row.category, row.primaryName, row.secondaryName, row.nameZh, row.position],
    );
  for (const row of batch.packs ?? []) {
    const brand = (await db.query('SELECT id FROM brands WHERE name = $1', [row.brand])).rows[0] as
      { id: number } | undefined;
    if (brand === undefined) throw new Error(`pack ${row.code}: no brand ${row.brand}`);
    await db.query(
      `INSERT INTO packs (${PACK_COLUMNS}, cover_type)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'image/png')`,
      packValues(row, brand.id),
    );
  }
  // Every write of samples may change the stored embeddings: the similar-sounds snapshot reloads.
  if (batch.samples?.length || batch.packs?.length) await db.query(BUMP_EMBEDDINGS);
  return writeSamples(db, batch.samples ?? []);
}

/** PostgreSQL implementation of the library port (seeding, import, pending auditions). */
export function postgresLibrary(pool: PgPool): LibraryRepository {
  return {
    ...postgresAnalysis(pool),
    async seededAt() {
      const row = (await pool.query("SELECT value FROM meta WHERE key = 'seeded_at'")).rows[0] as
        { value: string } | undefined;
      return row ? String(row.value) : null;
    },
    async markSeeded(at, size) {
      // Right after the bulk load, before autovacuum gets to it: the visibility map, without
      // which an index-only scan (a deep page, a BPM range's count) reads the table too, and
      // statistics for the planner (estimated totals read its row estimates,
      // postgres/catalogue/count.ts). VACUUM marks a page all-visible only once it may hint its
      // rows' insert as committed, and it may not while the WAL of any commit in the same group
      // of 32 transaction ids (the commit LSN the status log keeps) is not flushed: on a server
      // with synchronous_commit=off, seeding 100k rows left 129 of 25,078 pages marked. So: a
      // synchronous commit (it flushes all the WAL before it), the VACUUM, and only then the
      // ANALYZE, whose own asynchronous commit would fall in the bulk load's group.
      await withTransaction(pool, async (db) => {
        await db.query('SET LOCAL synchronous_commit = on');
        await db.query(
          "INSERT INTO meta (key, value) VALUES ('seeded_at', $1), ('library_size', $2)",
          [at, size],
        );
      });
      // The vocabulary's rows were rewritten by the bulk load's rebuild: their dead versions go.
      // INDEX_CLEANUP ON: the seeder's updates of the first samples left dead line pointers,
      // which an automatic bypass keeps, and a page holding one is never all-visible.
      await pool.query('VACUUM (INDEX_CLEANUP ON) samples, sample_search, search_vocabulary');
      await pool.query('ANALYZE samples, sample_search, search_vocabulary');
    },
    async writeBatch(batch, options = {}) {
      return withTransaction(pool, async (db) => {
        if (options.replace) {
          // What cascades from samples and packs on SQLite (warehouse rows, likes, grants) goes
          // too; identities restart, as SQLite's rowids do on an emptied table.
          await db.query(
            'TRUNCATE sample_search, samples, packs, taxonomy, brands RESTART IDENTITY CASCADE',
          );
        }
        return writeBatchOn(db, batch);
      });
    },
    async writeBulk(batches) {
      await withTransaction(pool, async (db) => {
        // The vocabulary's triggers wait, and it is rebuilt once at the end (migration 035).
        await db.query("SET LOCAL yinku.vocabulary_deferred = 'on'");
        for (const batch of batches) await writeBatchOn(db, batch);
        await db.query("SET LOCAL yinku.vocabulary_deferred = 'off'");
        await db.query('SELECT yinku_vocabulary_rebuild()');
      });
    },
    async packCovers() {
      const { rows } = await pool.query('SELECT code, cover_hash FROM packs');
      return new Map(
        rows.map((row: Record<string, unknown>) => [
          String(row.code),
          row.cover_hash == null ? null : String(row.cover_hash),
        ]),
      );
    },
    async hasPack(code) {
      return ((await pool.query('SELECT 1 FROM packs WHERE code = $1', [code])).rowCount ?? 0) > 0;
    },
    async hasSampleWithBlob(hash) {
      return (
        ((await pool.query('SELECT 1 FROM samples WHERE blob_hash = $1 LIMIT 1', [hash]))
          .rowCount ?? 0) > 0
      );
    },
    async pendingAuditions(version) {
      // A NULL version is a preview stored before versions (format 1).
      const { rows } = await pool.query(
        `SELECT id, blob_hash, popularity, audition_hash IS NOT NULL AS stale FROM samples
         WHERE audition_hash IS NULL OR coalesce(audition_version, 1) < $1 ORDER BY id`,
        [version],
      );
      return rows.map((row: Record<string, unknown>) => ({
        id: Number(row.id),
        blobHash: String(row.blob_hash),
        popularity: Number(row.popularity),
        stale: row.stale === true,
      }));
    },
    async storeAuditions(results) {
      if (results.length === 0) return;
      await pool.query(
        `UPDATE samples s SET audition_hash = r.hash, audition_code = r.code,
           audition_version = r.version
         FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS r(id, hash, code, version)
         WHERE s.id = r.id
           AND (s.audition_hash IS NULL OR coalesce(s.audition_version, 1) < r.version)`,
        [
          results.map((r) => r.id),
          results.map((r) => r.auditionHash),
          results.map((r) => r.auditionCode),
          results.map((r) => r.auditionVersion),
        ],
      );
    },
  };
}
