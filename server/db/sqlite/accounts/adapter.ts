import { transaction, type Database } from '../database.ts';
import type {
  AccountsRepository,
  AuthUser,
  CodeCheck,
  CodeProblem,
} from '../../../accounts/accounts.repository.ts';
import type { RoleCode } from '../../../../src/shared/api/account.types.ts';
import { sqliteAssessments } from './assessments.ts';
import { sqliteSessions } from './sessions.ts';
import { sqliteTokens } from './tokens.ts';
import * as shared from '../../rows/accounts.ts';

/** SQLite implementation of the accounts repository. */
export function sqliteAccounts(db: Database): AccountsRepository {
  const sessions = sqliteSessions(db);
  const userById = db.prepare('SELECT id, email FROM users WHERE id = ? AND disabled_at IS NULL');
  const rolesOf = db.prepare(
    'SELECT role_code FROM user_roles WHERE user_id = ? ORDER BY role_code',
  );
  const permissionsOf = db.prepare(shared.userPermissionsSql('?'));
  const grantOf = (id: number) =>
    shared.toRoleGrant(
      rolesOf.all(id).map((r) => String(r.role_code)),
      permissionsOf.all(id).map((r) => String(r.permission)),
    );
  const credentials = db.prepare(
    'SELECT id, password_hash, disabled_at FROM users WHERE email = ?',
  );
  const accountById = db.prepare(`SELECT ${shared.ACCOUNT_COLUMNS} FROM users WHERE id = ?`);
  const insertUser = db.prepare(
    `INSERT INTO users (email, password_hash, sample_types, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (email) DO NOTHING`,
  );
  const insertRole = db.prepare(
    'INSERT OR IGNORE INTO user_roles (user_id, role_code) VALUES (?, ?)',
  );
  const setPassword = db.prepare('UPDATE users SET password_hash = ? WHERE id = ?');

  const lastCodeSent = db.prepare('SELECT MAX(created_at) AS at FROM email_codes WHERE email = ?');
  const insertCode = db.prepare(
    `INSERT INTO email_codes (email, purpose, code_hash, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const deleteCode = db.prepare('DELETE FROM email_codes WHERE id = ?');
  const latestCode = db.prepare(
    `SELECT id, code_hash, expires_at, attempts, consumed_at FROM email_codes
     WHERE email = ? AND purpose = ? ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  const countTry = db.prepare('UPDATE email_codes SET attempts = attempts + 1 WHERE id = ?');
  const consumeCode = db.prepare('UPDATE email_codes SET consumed_at = ? WHERE id = ?');

  const addUser = (user: {
    email: string;
    passwordHash: string;
    roles: readonly RoleCode[];
    sampleTypes?: string[];
    now: number;
  }): number | null => {
    const result = insertUser.run(
      user.email.toLowerCase(),
      user.passwordHash,
      JSON.stringify(user.sampleTypes ?? []),
      new Date(user.now).toISOString(),
    );
    if (result.changes === 0) return null;
    const id = Number(result.lastInsertRowid);
    for (const role of user.roles) insertRole.run(id, role);
    return id;
  };

  // Judges the latest code of (email, purpose) before any typed code is compared.
  const liveCode = (
    check: Omit<CodeCheck, 'codeHash'>,
  ):
    | { ok: true; row: NonNullable<ReturnType<typeof latestCode.get>> }
    | { ok: false; reason: Exclude<CodeProblem, 'wrong'> } => {
    const row = latestCode.get(check.email.toLowerCase(), check.purpose);
    if (!row || row.consumed_at !== null) return { ok: false, reason: 'missing' };
    if (check.now >= Number(row.expires_at)) return { ok: false, reason: 'expired' };
    if (Number(row.attempts) >= check.maxAttempts) return { ok: false, reason: 'locked' };
    return { ok: true, row };
  };

  // Inside a transaction: judges the latest code of (email, purpose); a wrong one counts a try.
  const checkCode = (
    check: CodeCheck,
  ): { ok: true; id: number } | { ok: false; reason: CodeProblem } => {
    const live = liveCode(check);
    if (!live.ok) return live;
    const { row } = live;
    if (!shared.sameHash(String(row.code_hash), check.codeHash)) {
      countTry.run(Number(row.id));
      return { ok: false, reason: 'wrong' };
    }
    return { ok: true, id: Number(row.id) };
  };

  return {
    async findAuthUser(id) {
      const row = userById.get(id);
      if (!row) return null;
      return { id: Number(row.id), email: String(row.email), ...grantOf(id) } satisfies AuthUser;
    },

    async findCredentials(email) {
      const row = credentials.get(email.toLowerCase());
      return row ? shared.toCredentials(row) : null;
    },

    async emailExists(email) {
      return credentials.get(email.toLowerCase()) !== undefined;
    },

    async createUser(user) {
      return transaction(db, () => addUser(user));
    },

    async findAccount(id) {
      const row = accountById.get(id);
      if (!row) return null;
      return shared.toAccount(row, grantOf(id));
    },

    async issueEmailCode(code) {
      const email = code.email.toLowerCase();
      return transaction(db, () => {
        const last = lastCodeSent.get(email)?.at;
        if (last !== null && last !== undefined) {
          const wait = Number(last) + code.minIntervalMs - code.now;
          if (wait > 0) return { ok: false as const, retryAfterMs: wait };
        }
        const result = insertCode.run(email, code.purpose, code.codeHash, code.now, code.expiresAt);
        return { ok: true as const, id: Number(result.lastInsertRowid) };
      });
    },

    async liveCodeProblem(check) {
      const live = liveCode(check);
      return live.ok ? null : live.reason;
    },

    async discardEmailCode(id) {
      deleteCode.run(id);
    },

    async registerWithCode(check, passwordHash) {
      return transaction(db, () => {
        if (credentials.get(check.email.toLowerCase())) return { ok: false, reason: 'exists' };
        const code = checkCode(check);
        if (!code.ok) return code;
        const userId = addUser({
          email: check.email,
          passwordHash,
          roles: ['ORDINARY'],
          now: check.now,
        });
        if (userId === null) return { ok: false, reason: 'exists' };
        consumeCode.run(check.now, code.id);
        return { ok: true, userId };
      });
    },

    async resetPasswordWithCode(check, passwordHash) {
      return transaction(db, () => {
        const user = credentials.get(check.email.toLowerCase());
        // An unknown address has a code too (stored at sendCode, never mailed): it is judged
        // like any other, and even its right code is only "wrong", so nothing tells them apart.
        const code = checkCode(check);
        if (!code.ok) return code;
        if (!user) {
          countTry.run(code.id);
          return { ok: false, reason: 'wrong' };
        }
        setPassword.run(passwordHash, Number(user.id));
        sessions.endSessionsOf(Number(user.id), check.now);
        consumeCode.run(check.now, code.id);
        return { ok: true };
      });
    },

    async updatePassword(userId, passwordHash, now) {
      transaction(db, () => {
        setPassword.run(passwordHash, userId);
        sessions.endSessionsOf(userId, now);
      });
    },

    ...sqliteTokens(db, sessions),

    endedSessionsSince: sessions.endedSessionsSince,

    ...sqliteAssessments(db),
  };
}
