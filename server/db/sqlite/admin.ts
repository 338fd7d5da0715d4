import type { StatementSync } from 'node:sqlite';
import type { AdminRepository } from '../../admin/admin.repository.ts';
import { adminRepositoryOf } from '../rows/admin.ts';
import { runSteps, type Step } from '../rows/steps.ts';
import type { Row } from '../rows/values.ts';
import { transaction, type Database } from './database.ts';
import { sqliteSessions } from './accounts/sessions.ts';
import { BUMP_SEARCH_VERSION } from './accelerators/word-sets.ts';
import { spaceCjk } from './catalogue/search-text.ts';
import { searchKey } from './catalogue/query.ts';
import { tagSearchText } from '../../catalogue/tag-vocabulary.ts';
import { textList } from '../rows/values.ts';
import { PACK_SEARCH_ROWS, packSearchText } from '../rows/admin-packs.ts';

/**
 * SQLite side of the admin port: each program runs synchronously inside one BEGIN IMMEDIATE
 * transaction, so its checks (the last administrator) and writes cannot interleave with another's.
 */
export function sqliteAdmin(db: Database): AdminRepository {
  const sessions = sqliteSessions(db);
  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  // The FTS row holds the name and tags CJK-spaced, as the library writer stores them
  // (sqlite/library/adapter.ts); cached word sets are dropped with the version.
  const rewriteSearchText = (sampleId: number) => {
    const row = prepared('SELECT name_en, name_zh, tags, popularity FROM samples WHERE id = ?').get(
      sampleId,
    );
    if (!row) return;
    prepared(`UPDATE samples_fts SET name = ?, tags = ? WHERE rowid = ${searchKey('?', '?')}`).run(
      spaceCjk(`${String(row.name_en)} ${String(row.name_zh)}`),
      spaceCjk(tagSearchText(textList(row.tags))),
      Number(row.popularity),
      sampleId,
    );
    prepared(BUMP_SEARCH_VERSION).run();
  };
  // A pack's texts in its samples' FTS rows; the version bump also drops cached word sets.
  const rewritePackSearch = (packCode: string) => {
    const update = prepared(
      `UPDATE samples_fts SET brand = ?, pack = ?, type = ?, grp = ? WHERE rowid = ${searchKey('?', '?')}`,
    );
    for (const row of prepared(PACK_SEARCH_ROWS).all(packCode)) {
      const texts = packSearchText(row);
      update.run(
        spaceCjk(texts.brand),
        spaceCjk(texts.pack),
        spaceCjk(texts.type),
        spaceCjk(texts.grp),
        Number(row.popularity),
        Number(row.id),
      );
    }
    prepared(BUMP_SEARCH_VERSION).run();
  };
  const answer = (step: Step): unknown => {
    if (step.kind === 'packChanged') {
      rewritePackSearch(step.packCode);
      return undefined;
    }
    if (step.kind === 'endSessions') {
      sessions.endSessionsOf(step.userId, step.now);
      return undefined;
    }
    if (step.kind === 'sampleChanged') {
      rewriteSearchText(step.sampleId);
      return undefined;
    }
    const statement = prepared(step.sql);
    const params = step.params as (string | number | null)[];
    return step.kind === 'all'
      ? (statement.all(...params) as Row[])
      : Number(statement.run(...params).changes);
  };
  return adminRepositoryOf(async (program) => transaction(db, () => runSteps(program, answer)));
}
