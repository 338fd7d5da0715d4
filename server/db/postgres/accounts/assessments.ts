import type { AccountsRepository } from '../../../accounts/accounts.repository.ts';
import { firstRow, withTransaction, type PgPool } from '../database.ts';
import { usesLeftNow, grantStaffRoleSql } from '../../rows/accounts.ts';

type AssessmentMethods = Pick<
  AccountsRepository,
  'findInvitationCode' | 'createInvitationCode' | 'startAssessment' | 'finishAssessment'
>;

/** PostgreSQL implementation of the invitation-code and assessment part of the accounts repository. */
export function postgresAssessments(pool: PgPool): AssessmentMethods {
  return {
    async findInvitationCode(code, now) {
      const row = await firstRow<{ uses_left: number }>(
        pool,
        `SELECT ${usesLeftNow('$2')} AS uses_left FROM invitation_codes WHERE code = $1`,
        [code, now],
      );
      return row ? Number(row.uses_left) : null;
    },

    async createInvitationCode(code, uses) {
      await pool.query(
        'INSERT INTO invitation_codes (code, uses_left) VALUES ($1, $2) ON CONFLICT (code) DO NOTHING',
        [code, uses],
      );
    },

    async startAssessment(assessment) {
      await pool.query(
        'INSERT INTO assessments (id, user_id, invitation_code, created_at) VALUES ($1, $2, $3, $4)',
        [assessment.id, assessment.userId, assessment.invitationCode, assessment.now],
      );
    },

    async finishAssessment(finish) {
      return withTransaction(pool, async (db) => {
        // Locked so one assessment cannot be finished twice by racing requests.
        const open = await firstRow<{ invitation_code: string }>(
          db,
          `SELECT invitation_code FROM assessments
           WHERE id = $1 AND user_id = $2 AND finished_at IS NULL FOR UPDATE`,
          [finish.assessmentId, finish.userId],
        );
        if (!open) return { ok: false, reason: 'unknown' };
        // A conditional update: the code may have been used up by others since this started.
        const spent = await db.query(
          `UPDATE invitation_codes SET uses_left = uses_left - 1
           WHERE code = $1 AND ${usesLeftNow('$2')} > 0`,
          [open.invitation_code, finish.now],
        );
        if (spent.rowCount === 0) return { ok: false, reason: 'usedUp' };
        await db.query('UPDATE assessments SET finished_at = $1, answers = $2 WHERE id = $3', [
          finish.now,
          JSON.stringify(finish.answers),
          finish.assessmentId,
        ]);
        await db.query('UPDATE users SET sample_types = $1 WHERE id = $2', [
          JSON.stringify(finish.sampleTypes),
          finish.userId,
        ]);
        await db.query(
          "INSERT INTO user_roles (user_id, role_code) VALUES ($1, 'CREATOR') ON CONFLICT DO NOTHING",
          [finish.userId],
        );
        await db.query(grantStaffRoleSql('$1', '$2'), [finish.userId, open.invitation_code]);
        return { ok: true };
      });
    },
  };
}
