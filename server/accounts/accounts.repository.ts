import type { RoleCode } from '../../src/shared/api/account.types.ts';

/** The signed-in caller as routes see it. */
export interface AuthUser {
  id: number;
  email: string;
  roles: RoleCode[];
}

/** Storage of users, roles, tokens, codes and client keys. */
export interface AccountsRepository {
  /** The user behind an access token, or null when the account is gone. */
  findAuthUser(id: number): Promise<AuthUser | null>;
}
