// The `large` (100,000 sample rows) and `huge` (1,000,000) libraries for scale benchmarks: the
// demo library's rendered audio is reused by volumes of every pack ("Vol. 2", "Vol. 3", …).
// Blobs are content-addressed, so the clones cost rows, not disk; each clone still gets its own
// name, audition code, popularity and date so sorting and search behave like a real catalogue.
import type { AppContext } from '../context.ts';
import { transaction, type Database } from '../db/database.ts';
import type { LibraryWriter, SampleInsert } from '../db/sqlite/library.sqlite.ts';
import type { LibraryPlan } from '../seed/library-plan.ts';
import { Rng } from '../seed/prng.ts';
import { ftsText, newAuditionCode } from './sample-rows.ts';

/** Sample rows of the `large` library. */
export const LARGE_SAMPLE_COUNT = 100_000;
/** Sample rows of the `huge` library. */
export const HUGE_SAMPLE_COUNT = 1_000_000;

const BATCH = 10_000;
const DAY = 86_400_000;
// Page cache while cloning (KiB, as PRAGMA cache_size takes it negative): the FTS segments and
// the one unique index built row by row stay in memory instead of being re-read from disk.
const BULK_CACHE_KIB = 256 * 1024;

/**
 * Adds pack volumes cloned from the rendered base library until there are `target` samples, in
 * one transaction (bulkInsert): a crash leaves the base library and its indexes as they were.
 */
export function cloneToLarge(
  ctx: AppContext,
  writer: LibraryWriter,
  plan: LibraryPlan,
  baseRows: SampleInsert[],
  brandIds: number[],
  target: number,
  onDone: (done: number) => void,
): void {
  const rng = new Rng(100_000);
  const coverOf = new Map(
    ctx.db
      .prepare('SELECT code, cover_hash FROM packs')
      .all()
      .map((row) => [String(row.code), row.cover_hash as string | null]),
  );
  const indicesOf = new Map(plan.packs.map((pack) => [pack, [] as number[]]));
  plan.samples.forEach((sample, i) => indicesOf.get(sample.pack)?.push(i));
  // Only the name differs between a sample's clones in the FTS row: space the rest once.
  const ftsBase = plan.samples.map((sample) => ftsText(sample));
  let total = baseRows.length;
  bulkInsert(ctx.db, () => {
    for (let volume = 2; total < target; volume++) {
      for (const pack of plan.packs) {
        if (total >= target) break;
        const code = `${pack.code}-vol-${volume}`;
        const createdMs = Date.parse(pack.createdAt) + volume * rng.int(5, 30) * DAY;
        writer.pack({
          code,
          nameEn: `${pack.nameEn} Vol. ${volume}`,
          nameZh: `${pack.nameZh} 第${volume}辑`,
          descriptionEn: pack.descriptionEn,
          descriptionZh: pack.descriptionZh,
          brandId: brandIds[pack.brand]!,
          category: pack.category,
          primaryName: pack.primary.name,
          coverHash: coverOf.get(pack.code) ?? null,
          tags: pack.tags,
          popularity: Math.round(pack.popularity / volume),
          createdAt: new Date(Math.min(ctx.clock.now(), createdMs)).toISOString(),
        });
        for (const i of indicesOf.get(pack) ?? []) {
          if (total >= target) break;
          const sample = plan.samples[i]!;
          const nameEn = `${sample.nameEn} V${volume}`;
          const nameZh = `${sample.nameZh} 第${volume}版`;
          writer.sample(
            {
              ...baseRows[i]!,
              packCode: code,
              nameEn,
              nameZh,
              fileName: sample.fileName.replace(/\.wav$/, ` V${volume}.wav`),
              // A code only with an audition: deferred ones get theirs when the MP3 is stored.
              auditionCode: baseRows[i]!.auditionHash ? newAuditionCode() : null,
              popularity: Math.round(baseRows[i]!.popularity * rng.range(0.05, 1.2)),
              createdAt: new Date(
                Math.min(ctx.clock.now(), createdMs + rng.int(0, 20_000) * 60_000),
              ).toISOString(),
            },
            { ...ftsBase[i]!, name: ftsText(sample, nameEn, nameZh).name },
          );
          total++;
          if (total % BATCH === 0) onDone(total);
        }
      }
    }
    writer.embeddingsChanged();
  });
  onDone(total);
}

/**
 * Runs a bulk insert into `samples` in one transaction with its named indexes dropped and built
 * again at the end (a sort per index instead of a random B-tree insert per row and index) and a
 * large page cache. Schema changes are transactional in SQLite, so a failure restores them.
 */
export function bulkInsert(db: Database, work: () => void): void {
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
