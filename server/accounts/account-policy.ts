/** Limits of the account flows (docs/api/accounts.md, docs/STACK-NOTES.md#security-references), in one place. */
export const ACCOUNT_POLICY = {
  /** Refresh-token lifetime; each rotation starts a new one. */
  refreshTokenLifetimeMs: 30 * 24 * 60 * 60 * 1000,
  /** E-mail codes: 6 digits, valid 10 minutes, 5 tries, one send per minute per address. */
  codeLifetimeMs: 10 * 60 * 1000,
  codeMaxAttempts: 5,
  codeResendIntervalMs: 60 * 1000,
  /** Failed sign-ins per account before it must wait. */
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * 60 * 1000 },
  /** Failed sign-ins per client address (any accounts) before it must wait. */
  loginFailuresPerIp: { limit: 50, windowMs: 15 * 60 * 1000 },
  /** Code mails one client address may request (any recipients). */
  codeSendsPerIp: { limit: 30, windowMs: 10 * 60 * 1000 },
  /**
   * How often each gateway reads the session version (docs/api/accounts.md#sessions): an ended
   * session's access tokens are refused on every instance within this plus one read.
   */
  sessionPollMs: 250,
  /** Client keys kept per user; the oldest beyond this are dropped (the device re-registers). */
  clientKeysPerUser: 20,
} as const;
