import { transaction, type Database } from '../database.ts';
import { grantStaffRoleSql, usesLeftNow } from '../../rows/accounts.ts';
import type { AccountsRepository } from '../../../accounts/accounts.repository.ts';

type AssessmentMethods = Pick<
  AccountsRepository,
  'findInvitationCode' | 'createInvitationCode' | 'startAssessment' | 'finishAssessment'
>;

/** SQLite implementation of the invitation-code and assessment part of the accounts repository. */
export function sqliteAssessments(db: Database): AssessmentMethods {
  const usesLeft = db.prepare(
    `SELECT ${usesLeftNow('?')} AS uses_left FROM invitation_codes WHERE code = ?`,
  );
  const insertCode = db.prepare(
    'INSERT INTO invitation_codes (code, uses_left) VALUES (?, ?) ON CONFLICT (code) DO NOTHING',
  );
  const insertAssessment = db.prepare(
    'INSERT INTO assessments (id, user_id, invitation_code, created_at) VALUES (?, ?, ?, ?)',
  );
  const openAssessment = db.prepare(
    `SELECT invitation_code FROM assessments
     WHERE id = ? AND user_id = ? AND finished_at IS NULL`,
  );
  const spendUse = db.prepare(
    `UPDATE invitation_codes SET uses_left = uses_left - 1 WHERE code = ? AND ${usesLeftNow('?')} > 0`,
  );
  const closeAssessment = db.prepare(
    'UPDATE assessments SET finished_at = ?, answers = ? WHERE id = ?',
  );
  const setSampleTypes = db.prepare('UPDATE users SET sample_types = ? WHERE id = ?');
  const grantCreator = db.prepare(
    "INSERT OR IGNORE INTO user_roles (user_id, role_code) VALUES (?, 'CREATOR')",
  );
  const grantStaffRole = db.prepare(grantStaffRoleSql('?', '?'));

  return {
    async findInvitationCode(code, now) {
      const row = usesLeft.get(now, code);
      return row ? Number(row.uses_left) : null;
    },

    async createInvitationCode(code, uses) {
      insertCode.run(code, uses);
    },

    async startAssessment(assessment) {
      insertAssessment.run(
        assessment.id,
        assessment.userId,
        assessment.invitationCode,
        assessment.now,
      );
    },

    async finishAssessment(finish) {
      return transaction(db, () => {
        const open = openAssessment.get(finish.assessmentId, finish.userId);
        if (!open) return { ok: false, reason: 'unknown' };
        // The code may have been used up by others since this assessment started.
        if (spendUse.run(String(open.invitation_code), finish.now).changes === 0)
          return { ok: false, reason: 'usedUp' };
        closeAssessment.run(finish.now, JSON.stringify(finish.answers), finish.assessmentId);
        setSampleTypes.run(JSON.stringify(finish.sampleTypes), finish.userId);
        grantCreator.run(finish.userId);
        grantStaffRole.run(finish.userId, String(open.invitation_code));
        return { ok: true };
      });
    },
  };
}
