import { timingSafeEqual } from 'node:crypto';
import type { AccountsRepository } from '../../accounts/accounts.repository.ts';
import type { RoleCode } from '../../../src/shared/api/account.types.ts';
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

/** An ACCOUNT_COLUMNS row and the user's roles as the port's account. */
export const toAccount = (
  row: Row,
  roles: RoleCode[],
): NonNullable<Awaited<ReturnType<AccountsRepository['findAccount']>>> => ({
  id: Number(row.id),
  email: String(row.email),
  roles,
  sampleTypes: JSON.parse(String(row.sample_types)) as string[],
  downloadQuota: row.download_quota === null ? null : Number(row.download_quota),
  plan: String(row.plan),
  createdAt: String(row.created_at),
});
