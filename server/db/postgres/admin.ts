import type { AdminRepository } from '../../admin/admin.repository.ts';
import { adminRepositoryOf } from '../rows/admin.ts';
import { numberPlaceholders } from '../rows/steps.ts';
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
      let answer: unknown;
      for (;;) {
        const step = program.next(answer);
        if (step.done) return step.value;
        const { value } = step;
        if (value.kind === 'endSessions') {
          await endSessionsOf(db, value.userId, value.now);
          answer = undefined;
        } else {
          const result = await db.query(numberPlaceholders(value.sql), [...value.params]);
          answer = value.kind === 'all' ? result.rows : (result.rowCount ?? 0);
        }
      }
    }),
  );
}
