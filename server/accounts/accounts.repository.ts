import type { RoleCode } from '../../src/shared/api/account.types.ts';
import type { PermissionId } from '../../src/shared/api/admin.types.ts';

/** What a user's roles grant: the built-in roles they hold (tabs) and every permission. */
export interface RoleGrant {
  /** The built-in roles among the user's roles (an operator's roles only add permissions). */
  roles: RoleCode[];
  permissions: PermissionId[];
}

/** The signed-in caller as routes see it. */
export interface AuthUser extends RoleGrant {
  id: number;
  email: string;
}

/** What a code mail is for. */
export type CodePurpose = 'register' | 'reset';

/** Why an e-mail code was not accepted. */
export type CodeProblem = 'missing' | 'wrong' | 'expired' | 'locked';

/** A user's stored account facts, the raw material of the profile. */
export interface AccountRecord extends RoleGrant {
  id: number;
  email: string;
  sampleTypes: string[];
  /** Downloads left; null means unlimited. */
  downloadQuota: number | null;
  plan: string;
  createdAt: string;
}

/** A registered device public key (SPKI DER) that play answers are wrapped for. */
interface ClientKeyRecord {
  keyId: string;
  userId: number;
  publicKey: Uint8Array;
  createdAt: number;
}

/** A new user (seeding, tests and registration). */
interface NewUser {
  email: string;
  passwordHash: string;
  roles: RoleCode[];
  sampleTypes?: string[];
  now: number;
}

/** A code check: the hash of what the caller typed and the policy to apply. */
export interface CodeCheck {
  email: string;
  purpose: CodePurpose;
  codeHash: string;
  now: number;
  maxAttempts: number;
}

/** Outcome of rotating a refresh token (the session is the token's family). */
type RotationResult =
  | { ok: true; userId: number; sessionId: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/** A session that ended (docs/api/accounts.md#sessions). */
export interface EndedSession {
  sessionId: string;
  endedAt: number;
}

/** The ends a reader has not seen, and the version that covers them. */
export interface EndedSessionsRead {
  /** The session version read: every end written under it or before is in `ended` or was read before. */
  version: number;
  ended: EndedSession[];
}

/** Storage of users, roles, tokens, codes, client keys and assessments. */
export interface AccountsRepository {
  /** The user behind an access token, or null when the account is gone or disabled. */
  findAuthUser(id: number): Promise<AuthUser | null>;
  /** Id, argon2id hash and disabled state for a sign-in, or null for an unknown e-mail. */
  findCredentials(
    email: string,
  ): Promise<{ id: number; passwordHash: string; disabled: boolean } | null>;
  /** Whether an account uses this e-mail (case-insensitive). */
  emailExists(email: string): Promise<boolean>;
  /** Creates a user with roles; null when the e-mail is taken. */
  createUser(user: NewUser): Promise<number | null>;
  /** The account facts behind the profile, or null. */
  findAccount(id: number): Promise<AccountRecord | null>;

  /**
   * Stores a new code for an address unless one was sent less than `minIntervalMs` ago
   * (then answers how long to wait). Atomic, so two racing sends cannot both pass.
   */
  issueEmailCode(code: {
    email: string;
    purpose: CodePurpose;
    codeHash: string;
    now: number;
    expiresAt: number;
    minIntervalMs: number;
  }): Promise<{ ok: true; id: number } | { ok: false; retryAfterMs: number }>;
  /**
   * Why the latest code of an address cannot be accepted whatever is typed (missing, expired,
   * locked), or null when it is live. Lets routes skip argon2 work for hopeless attempts.
   */
  liveCodeProblem(
    check: Omit<CodeCheck, 'codeHash'>,
  ): Promise<Exclude<CodeProblem, 'wrong'> | null>;
  /** Drops a code whose mail could not be sent (it also frees the resend interval). */
  discardEmailCode(id: number): Promise<void>;
  /**
   * Checks the latest code and creates the ORDINARY user in one transaction: a wrong code
   * counts a try; the code is consumed only when the user is created.
   */
  registerWithCode(
    check: CodeCheck,
    passwordHash: string,
  ): Promise<{ ok: true; userId: number } | { ok: false; reason: CodeProblem | 'exists' }>;
  /**
   * Checks the latest reset code and sets the password, ending every session of the user. An
   * address without an account answers like a wrong code (its code, stored but never mailed,
   * counts the try), so the answer does not tell whether the account exists.
   */
  resetPasswordWithCode(
    check: CodeCheck,
    passwordHash: string,
  ): Promise<{ ok: true } | { ok: false; reason: CodeProblem }>;
  /** Sets a new password hash and ends every session of the user. */
  updatePassword(userId: number, passwordHash: string, now: number): Promise<void>;
  /**
   * The sessions ended after `version` (docs/api/accounts.md#sessions), limited to those ended
   * after `endedAfter` (older ones have no live access token); one read of the version row when
   * nothing changed, so every instance may poll it several times a second.
   */
  endedSessionsSince(version: number, endedAfter: number): Promise<EndedSessionsRead>;

  /** Stores a new refresh token (the first of a family, at sign-in). */
  createRefreshToken(token: {
    userId: number;
    familyId: string;
    tokenHash: string;
    now: number;
    expiresAt: number;
  }): Promise<void>;
  /**
   * Spends a refresh token and stores its successor in the same family, in one transaction.
   * A token spent before revokes its whole family and ends its session (RFC 9700 §4.14.2); a
   * token of an ended session is refused as revoked.
   */
  rotateRefreshToken(rotation: {
    tokenHash: string;
    nextTokenHash: string;
    now: number;
    expiresAt: number;
  }): Promise<RotationResult>;
  /** Revokes the family of a refresh token and ends its session; false when the token is unknown. */
  revokeRefreshFamily(tokenHash: string, now: number): Promise<boolean>;

  /** Stores a device public key (deduplicated per user, oldest beyond `keep` dropped). */
  saveClientKey(key: {
    keyId: string;
    userId: number;
    publicKey: Uint8Array;
    now: number;
    keep: number;
  }): Promise<string>;
  /** A user's registered public key by id, or null (wrong user or unknown id). */
  findClientKey(keyId: string, userId: number): Promise<ClientKeyRecord | null>;

  /** Uses left of an invitation code (0 once expired or revoked), or null when it does not exist. */
  findInvitationCode(code: string, now: number): Promise<number | null>;
  /** Creates an invitation code with `uses`, leaving an existing one as it is. */
  createInvitationCode(code: string, uses: number): Promise<void>;
  /** Opens an assessment for a user with a valid invitation code. */
  startAssessment(assessment: {
    id: string;
    userId: number;
    invitationCode: string;
    now: number;
  }): Promise<void>;
  /**
   * Closes an open assessment of the user in one transaction: spends one use of its invitation
   * code, stores the answers, sets sampleTypes and grants CREATOR.
   */
  finishAssessment(finish: {
    assessmentId: string;
    userId: number;
    answers: Record<string, string[]>;
    sampleTypes: string[];
    now: number;
  }): Promise<{ ok: true } | { ok: false; reason: 'unknown' | 'usedUp' }>;
}
