import { timingSafeEqual } from 'node:crypto';
import type { AccountsRepository } from '../../accounts/accounts.repository.ts';
import {
  BUILT_IN_ROLES,
  PERMISSION_IDS,
  type PermissionId,
} from '../../../src/shared/api/admin.types.ts';
import type { RoleGrant } from '../../accounts/accounts.repository.ts';
import type { Row } from './values.ts';

/** Whether two stored hashes are equal, compared in constant time. */
export const sameHash = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The refresh-token and device-key part of the accounts port (each engine's `tokens.ts`). */
export type TokenMethods = Pick<
  AccountsRepository,
  | 'createRefreshToken'
  | 'rotateRefreshToken'
  | 'revokeRefreshFamily'
  | 'saveClientKey'
  | 'findClientKey'
>;

/** A `client_keys` row as the port's device key (its public key copied out of the driver's buffer). */
export const toClientKey = (
  row: Row,
): NonNullable<Awaited<ReturnType<AccountsRepository['findClientKey']>>> => ({
  keyId: String(row.id),
  userId: Number(row.user_id),
  publicKey: new Uint8Array(row.public_key as Uint8Array),
  createdAt: Number(row.created_at),
});

/** A `users` row (id, password_hash, disabled_at) as the port's credentials. */
export const toCredentials = (
  row: Row,
): NonNullable<Awaited<ReturnType<AccountsRepository['findCredentials']>>> => ({
  id: Number(row.id),
  passwordHash: String(row.password_hash),
  disabled: row.disabled_at !== null,
});

/** The `users` columns an account is read from (`toAccount`). */
export const ACCOUNT_COLUMNS = 'id, email, plan, download_quota, sample_types, created_at';

/**
 * The SQL of an invitation code's uses left at `now` (a placeholder): 0 once it expired or was
 * revoked, so neither an assessment's start nor its finish can spend it (docs/ADMIN.md).
 */
export const usesLeftNow = (now: string): string =>
  `CASE WHEN revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ${now})
   THEN uses_left ELSE 0 END`;

/**
 * The SQL that grants a user (placeholder `user`) the default role for staff when the invitation
 * code (placeholder `code`) is of kind `staff` (docs/ADMIN.md "Default role for staff").
 */
export const grantStaffRoleSql = (user: string, code: string): string =>
  `INSERT INTO user_roles (user_id, role_code)
   SELECT ${user}, s.value FROM admin_settings s, invitation_codes c
   WHERE s.key = 'staffDefaultRole' AND c.code = ${code} AND c.kind = 'staff'
   ON CONFLICT DO NOTHING`;

/** The permissions of a user's roles, read with `?`/`$1` standing for the user id. */
export const userPermissionsSql = (userId: string): string =>
  `SELECT DISTINCT rp.permission FROM user_roles ur
   JOIN role_permissions rp ON rp.role_code = ur.role_code WHERE ur.user_id = ${userId}`;

/**
 * What a user's role codes and their stored permissions grant: the built-in roles (they decide
 * the tabs) and the permissions, every one of them for ADMIN, in the catalogue's order.
 */
export const toRoleGrant = (roleCodes: readonly string[], stored: readonly string[]): RoleGrant => {
  const roles = BUILT_IN_ROLES.filter((role) => roleCodes.includes(role)).sort();
  const held = new Set(roles.includes('ADMIN') ? PERMISSION_IDS : stored);
  return { roles, permissions: PERMISSION_IDS.filter((id): id is PermissionId => held.has(id)) };
};

/** An ACCOUNT_COLUMNS row and the user's grant as the port's account. */
export const toAccount = (
  row: Row,
  grant: RoleGrant,
): NonNullable<Awaited<ReturnType<AccountsRepository['findAccount']>>> => ({
  id: Number(row.id),
  email: String(row.email),
  ...grant,
  sampleTypes: JSON.parse(String(row.sample_types)) as string[],
  downloadQuota: row.download_quota === null ? null : Number(row.download_quota),
  plan: String(row.plan),
  createdAt: String(row.created_at),
});
