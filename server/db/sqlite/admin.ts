import type { StatementSync } from 'node:sqlite';
import type { AdminRepository } from '../../admin/admin.repository.ts';
import { adminRepositoryOf } from '../rows/admin.ts';
import { runSteps, type Step } from '../rows/steps.ts';
import type { Row } from '../rows/values.ts';
import { transaction, type Database } from './database.ts';
import { sqliteSessions } from './accounts/sessions.ts';

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
  const answer = (step: Step): unknown => {
    if (step.kind === 'endSessions') {
      sessions.endSessionsOf(step.userId, step.now);
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
