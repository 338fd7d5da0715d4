import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TokenPair } from '../../src/shared/api/account.types.ts';
import { DEFAULTS } from '../../src/shared/constants.ts';
import type { AppContext } from '../context.ts';
import { issueAccessToken } from './access-token.ts';
import { ACCOUNT_POLICY } from './account-policy.ts';

/** SHA-256 (hex) of a refresh token: only this is stored, so a database leak yields no tokens. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh refresh token: 32 random bytes, base64url. */
function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Builds the pair the client keeps, with a refresh token already stored under its hash. */
function pairFor(
  ctx: AppContext,
  session: { userId: number; sessionId: string },
  refreshToken: string,
): TokenPair {
  return {
    accessToken: issueAccessToken(
      ctx.tokenSecret,
      session.userId,
      ctx.clock.now(),
      session.sessionId,
    ),
    refreshToken,
    expiresIn: DEFAULTS.tokenLifetimeMs,
  };
}

/**
 * Signs a user in: a new session, that is a refresh-token family whose id every access token of
 * it names (docs/api/accounts.md#sessions), and an access token.
 */
export async function startSession(ctx: AppContext, userId: number): Promise<TokenPair> {
  const now = ctx.clock.now();
  const refreshToken = newRefreshToken();
  const sessionId = randomUUID();
  await ctx.repo.accounts.createRefreshToken({
    userId,
    familyId: sessionId,
    tokenHash: hashRefreshToken(refreshToken),
    now,
    expiresAt: now + ACCOUNT_POLICY.refreshTokenLifetimeMs,
  });
  return pairFor(ctx, { userId, sessionId }, refreshToken);
}

/** Spends a refresh token for a new pair; the reason when it cannot be spent. */
export async function rotateSession(
  ctx: AppContext,
  refreshToken: string,
): Promise<{ ok: true; pair: TokenPair } | { ok: false; reason: string }> {
  const now = ctx.clock.now();
  const next = newRefreshToken();
  const result = await ctx.repo.accounts.rotateRefreshToken({
    tokenHash: hashRefreshToken(refreshToken),
    nextTokenHash: hashRefreshToken(next),
    now,
    expiresAt: now + ACCOUNT_POLICY.refreshTokenLifetimeMs,
  });
  if (!result.ok) {
    // A reuse ended the session: this instance refuses its access tokens before answering.
    if (result.reason === 'reused') await ctx.sessions.sync();
    return result;
  }
  return { ok: true, pair: pairFor(ctx, result, next) };
}
