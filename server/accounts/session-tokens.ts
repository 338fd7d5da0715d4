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
function pairFor(ctx: AppContext, userId: number, refreshToken: string): TokenPair {
  return {
    accessToken: issueAccessToken(ctx.tokenSecret, userId, ctx.clock.now()),
    refreshToken,
    expiresIn: DEFAULTS.tokenLifetimeMs,
  };
}

/** Signs a user in: a new refresh-token family and an access token. */
export async function startSession(ctx: AppContext, userId: number): Promise<TokenPair> {
  const now = ctx.clock.now();
  const refreshToken = newRefreshToken();
  await ctx.repo.accounts.createRefreshToken({
    userId,
    familyId: randomUUID(),
    tokenHash: hashRefreshToken(refreshToken),
    now,
    expiresAt: now + ACCOUNT_POLICY.refreshTokenLifetimeMs,
  });
  return pairFor(ctx, userId, refreshToken);
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
  if (!result.ok) return result;
  return { ok: true, pair: pairFor(ctx, result.userId, next) };
}
