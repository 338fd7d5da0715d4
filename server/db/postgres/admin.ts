import type { AdminRepository } from '../../admin/admin.repository.ts';
import { adminRepositoryOf } from '../rows/admin.ts';
import { numberPlaceholders, runStepsAsync } from '../rows/steps.ts';
import { withTransaction, type PgPool } from './database.ts';
import { endSessionsOf } from './accounts/sessions.ts';

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
        const result = await db.query(numberPlaceholders(step.sql), [...step.params]);
        return step.kind === 'all' ? result.rows : (result.rowCount ?? 0);
      });
    }),
  );
}
