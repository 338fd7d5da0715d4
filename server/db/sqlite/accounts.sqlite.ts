import type { Database } from '../database.ts';
import type { AccountsRepository, AuthUser } from '../../accounts/accounts.repository.ts';
import type { RoleCode } from '../../../src/shared/api/account.types.ts';

/** SQLite implementation of the accounts repository. */
export function sqliteAccounts(db: Database): AccountsRepository {
  const userById = db.prepare('SELECT id, email FROM users WHERE id = ?');
  const rolesOf = db.prepare(
    'SELECT role_code FROM user_roles WHERE user_id = ? ORDER BY role_code',
  );
  return {
    async findAuthUser(id) {
      const row = userById.get(id);
      if (!row) return null;
      const roles = rolesOf.all(id).map((r) => r.role_code as RoleCode);
      return { id: Number(row.id), email: String(row.email), roles } satisfies AuthUser;
    },
  };
}
