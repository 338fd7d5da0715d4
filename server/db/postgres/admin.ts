import type { AdminRepository } from '../../admin/admin.repository.ts';
import { adminRepositoryOf } from '../rows/admin.ts';
import { numberPlaceholders, runStepsAsync } from '../rows/steps.ts';
import { withTransaction, type PgPool } from './database.ts';
import { endSessionsOf } from './accounts/sessions.ts';
import { searchText } from './catalogue/search-text.ts';
import { tagSearchText } from '../../catalogue/tag-vocabulary.ts';
import { textList } from '../rows/values.ts';
import type { PgQueryable } from './database.ts';
import { BUMP_EMBEDDINGS } from './library/analysis.ts';
import { PACK_SEARCH_ROWS, packSearchText } from '../rows/admin-packs.ts';

/**
 * Rewrites a sample's search row from its name and tags, as the library writer stores them
 * (postgres/library/adapter.ts), and moves the catalogue's version so cached counts are dropped.
 */
async function rewriteSearchText(db: PgQueryable, sampleId: number): Promise<void> {
  const { rows } = await db.query<{ name_en: string; name_zh: string; tags: string }>(
    'SELECT name_en, name_zh, tags FROM samples WHERE id = $1',
    [sampleId],
  );
  const row = rows[0];
  if (!row) return;
  await db.query('UPDATE sample_search SET name = $1, tags = $2 WHERE sample_id = $3', [
    searchText(`${row.name_en} ${row.name_zh}`),
    searchText(tagSearchText(textList(row.tags))),
    sampleId,
  ]);
  await db.query('UPDATE catalogue_version SET version = version + 1 WHERE id = 1');
}

/**
 * Rewrites the brand, pack and category texts of a pack's search rows and moves the catalogue's
 * and the embeddings' versions (cached trees, counts and the similar-sounds snapshot reload).
 */
async function rewritePackSearch(db: PgQueryable, packCode: string): Promise<void> {
  const { rows } = await db.query(numberPlaceholders(PACK_SEARCH_ROWS), [packCode]);
  for (const row of rows as Record<string, unknown>[]) {
    const texts = packSearchText(row);
    await db.query(
      'UPDATE sample_search SET brand = $1, pack = $2, type = $3, grp = $4 WHERE sample_id = $5',
      [
        searchText(texts.brand),
        searchText(texts.pack),
        searchText(texts.type),
        searchText(texts.grp),
        Number(row.id),
      ],
    );
  }
  await db.query('UPDATE catalogue_version SET version = version + 1 WHERE id = 1');
  await db.query(BUMP_EMBEDDINGS);
}

/** The advisory lock every admin program holds: checks like "another administrator" stay true. */
const ADMIN_LOCK = 50_050;

/**
 * PostgreSQL side of the admin port: each program runs in one transaction holding one advisory
 * lock, so two operators' changes (two demotions of the last two administrators) take turns.
 */
export function postgresAdmin(pool: PgPool): AdminRepository {
  return adminRepositoryOf((program) =>
    withTransaction(pool, async (db) => {
      await db.query('SELECT pg_advisory_xact_lock($1)', [ADMIN_LOCK]);
      return runStepsAsync(program, async (step) => {
        if (step.kind === 'endSessions') return endSessionsOf(db, step.userId, step.now);
        if (step.kind === 'sampleChanged') return rewriteSearchText(db, step.sampleId);
        if (step.kind === 'packChanged') return rewritePackSearch(db, step.packCode);
        const result = await db.query(numberPlaceholders(step.sql), [...step.params]);
        return step.kind === 'all' ? result.rows : (result.rowCount ?? 0);
      });
    }),
  );
}
