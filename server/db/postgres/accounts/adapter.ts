import type {
  AccountsRepository,
  RoleGrant,
  CodeCheck,
  CodeProblem,
} from '../../../accounts/accounts.repository.ts';
import type { RoleCode } from '../../../../src/shared/api/account.types.ts';
import { withTransaction, type PgPool, type PgQueryable } from '../database.ts';
import { postgresAssessments } from './assessments.ts';
import { postgresTokens } from './tokens.ts';
import { endSessionsOf, postgresSessions } from './sessions.ts';
import * as shared from '../../rows/accounts.ts';
import type { Row } from '../../rows/values.ts';

const one = async (db: PgQueryable, sql: string, params: unknown[] = []): Promise<Row | null> =>
  ((await db.query(sql, params)).rows[0] as Row | undefined) ?? null;

/** What a user's roles grant (rows/accounts.ts `toRoleGrant`). */
const grantOf = async (db: PgQueryable, id: number): Promise<RoleGrant> => {
  const [roles, permissions] = [
    await db.query<{ role_code: string }>('SELECT role_code FROM user_roles WHERE user_id = $1', [
      id,
    ]),
    await db.query<{ permission: string }>(shared.userPermissionsSql('$1'), [id]),
  ];
  return shared.toRoleGrant(
    roles.rows.map((row) => row.role_code),
    permissions.rows.map((row) => row.permission),
  );
};

/** Inserts a user and its roles; null when the e-mail is taken (no id is spent then). */
async function addUser(
  db: PgQueryable,
  user: {
    email: string;
    passwordHash: string;
    roles: readonly RoleCode[];
    sampleTypes?: string[];
    now: number;
  },
): Promise<number | null> {
  const email = user.email.toLowerCase();
  // Checked first: ON CONFLICT alone would spend an identity value, and ids must stay the ones
  // SQLite hands out for the same calls (docs/DATABASE.md, "Ids").
  if (await one(db, 'SELECT 1 FROM users WHERE email = $1', [email])) return null;
  const row = await one(
    db,
    `INSERT INTO users (email, password_hash, sample_types, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [
      email,
      user.passwordHash,
      JSON.stringify(user.sampleTypes ?? []),
      new Date(user.now).toISOString(),
    ],
  );
  if (!row) return null;
  const id = Number(row.id);
  for (const role of user.roles)
    await db.query(
      'INSERT INTO user_roles (user_id, role_code) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [id, role],
    );
  return id;
}

/**
 * Whether an id can name a row: ids are PostgreSQL `integer`s, and a larger number (a forged
 * token's subject) would fail the statement instead of finding nothing, as it does on SQLite.
 */
const isRowId = (id: number): boolean => Number.isInteger(id) && id > 0 && id <= 2_147_483_647;

/** PostgreSQL implementation of the accounts repository. */
export function postgresAccounts(pool: PgPool): AccountsRepository {
  const latestCode = (db: PgQueryable, email: string, purpose: string, lock: boolean) =>
    one(
      db,
      `SELECT id, code_hash, expires_at, attempts, consumed_at FROM email_codes
       WHERE email = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT 1
       ${lock ? 'FOR UPDATE' : ''}`,
      [email, purpose],
    );

  const liveCode = async (
    db: PgQueryable,
    check: Omit<CodeCheck, 'codeHash'>,
    lock: boolean,
  ): Promise<{ ok: true; row: Row } | { ok: false; reason: Exclude<CodeProblem, 'wrong'> }> => {
    const row = await latestCode(db, check.email.toLowerCase(), check.purpose, lock);
    if (!row || row.consumed_at !== null) return { ok: false, reason: 'missing' };
    if (check.now >= Number(row.expires_at)) return { ok: false, reason: 'expired' };
    if (Number(row.attempts) >= check.maxAttempts) return { ok: false, reason: 'locked' };
    return { ok: true, row };
  };

  // Inside a transaction: the latest code is locked, so two racing tries count twice and one
  // code cannot be spent by two requests.
  const checkCode = async (
    db: PgQueryable,
    check: CodeCheck,
  ): Promise<{ ok: true; id: number } | { ok: false; reason: CodeProblem }> => {
    const live = await liveCode(db, check, true);
    if (!live.ok) return live;
    if (!shared.sameHash(String(live.row.code_hash), check.codeHash)) {
      await db.query('UPDATE email_codes SET attempts = attempts + 1 WHERE id = $1', [live.row.id]);
      return { ok: false, reason: 'wrong' };
    }
    return { ok: true, id: Number(live.row.id) };
  };

  // Serialises the writers of one e-mail address (code sends, registration) across connections.
  const lockAddress = (db: PgQueryable, email: string) =>
    db.query("SELECT pg_advisory_xact_lock(hashtext('email:' || $1))", [email.toLowerCase()]);

  return {
    async findAuthUser(id) {
      if (!isRowId(id)) return null;
      const row = await one(
        pool,
        'SELECT id, email FROM users WHERE id = $1 AND disabled_at IS NULL',
        [id],
      );
      if (!row) return null;
      return { id: Number(row.id), email: String(row.email), ...(await grantOf(pool, id)) };
    },

    async findCredentials(email) {
      const row = await one(
        pool,
        'SELECT id, password_hash, disabled_at FROM users WHERE email = $1',
        [email.toLowerCase()],
      );
      return row ? shared.toCredentials(row) : null;
    },

    async emailExists(email) {
      return (
        (await one(pool, 'SELECT 1 FROM users WHERE email = $1', [email.toLowerCase()])) !== null
      );
    },

    async createUser(user) {
      return withTransaction(pool, async (db) => {
        await lockAddress(db, user.email);
        return addUser(db, user);
      });
    },

    async findAccount(id) {
      if (!isRowId(id)) return null;
      const row = await one(pool, `SELECT ${shared.ACCOUNT_COLUMNS} FROM users WHERE id = $1`, [
        id,
      ]);
      if (!row) return null;
      return shared.toAccount(row, await grantOf(pool, id));
    },

    async issueEmailCode(code) {
      const email = code.email.toLowerCase();
      return withTransaction(pool, async (db) => {
        await lockAddress(db, email);
        const last = (
          await one(db, 'SELECT MAX(created_at) AS at FROM email_codes WHERE email = $1', [email])
        )?.at;
        if (last !== null && last !== undefined) {
          const wait = Number(last) + code.minIntervalMs - code.now;
          if (wait > 0) return { ok: false as const, retryAfterMs: wait };
        }
        const row = await one(
          db,
          `INSERT INTO email_codes (email, purpose, code_hash, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [email, code.purpose, code.codeHash, code.now, code.expiresAt],
        );
        return { ok: true as const, id: Number(row!.id) };
      });
    },

    async liveCodeProblem(check) {
      const live = await liveCode(pool, check, false);
      return live.ok ? null : live.reason;
    },

    async discardEmailCode(id) {
      await pool.query('DELETE FROM email_codes WHERE id = $1', [id]);
    },

    async registerWithCode(check, passwordHash) {
      return withTransaction(pool, async (db) => {
        await lockAddress(db, check.email);
        const email = check.email.toLowerCase();
        if (await one(db, 'SELECT 1 FROM users WHERE email = $1', [email]))
          return { ok: false, reason: 'exists' };
        const code = await checkCode(db, check);
        if (!code.ok) return code;
        const userId = await addUser(db, {
          email,
          passwordHash,
          roles: ['ORDINARY'],
          now: check.now,
        });
        if (userId === null) return { ok: false, reason: 'exists' };
        await db.query('UPDATE email_codes SET consumed_at = $1 WHERE id = $2', [
          check.now,
          code.id,
        ]);
        return { ok: true, userId };
      });
    },

    async resetPasswordWithCode(check, passwordHash) {
      return withTransaction(pool, async (db) => {
        const user = await one(db, 'SELECT id FROM users WHERE email = $1 FOR UPDATE', [
          check.email.toLowerCase(),
        ]);
        // An unknown address has a code too (stored at sendCode, never mailed): it is judged
        // like any other, and even its right code is only "wrong", so nothing tells them apart.
        const code = await checkCode(db, check);
        if (!code.ok) return code;
        if (!user) {
          await db.query('UPDATE email_codes SET attempts = attempts + 1 WHERE id = $1', [code.id]);
          return { ok: false, reason: 'wrong' };
        }
        await db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [
          passwordHash,
          user.id,
        ]);
        await endSessionsOf(db, Number(user.id), check.now);
        await db.query('UPDATE email_codes SET consumed_at = $1 WHERE id = $2', [
          check.now,
          code.id,
        ]);
        return { ok: true };
      });
    },

    async updatePassword(userId, passwordHash, now) {
      await withTransaction(pool, async (db) => {
        await db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [passwordHash, userId]);
        await endSessionsOf(db, userId, now);
      });
    },

    ...postgresTokens(pool),
    ...postgresSessions(pool),
    ...postgresAssessments(pool),
  };
}
