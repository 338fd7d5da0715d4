import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEFAULTS } from '../../src/shared/constants.ts';

/** What an access token says once verified. */
interface AccessClaims {
  sub: number;
  /**
   * The session (refresh-token family) it belongs to; null in a token issued before tokens named
   * their session, which the auth context refuses (docs/api/accounts.md#sessions).
   */
  sid: string | null;
  iat: number;
  exp: number;
}

/** The longest session id a token may name (ours are UUIDs). */
const MAX_SESSION_ID = 64;

/** Outcome of verifying an access token. */
type AccessCheck =
  { ok: true; claims: AccessClaims } | { ok: false; reason: 'invalid' | 'expired' };

const b64 = (data: string | Buffer): string => Buffer.from(data).toString('base64url');

/**
 * Issues a signed access token (HMAC-SHA256) valid for 2 hours (docs/PRODUCT.md §9) naming its
 * session. Without `sessionId` it has the shape of a token from before sessions (tests of that).
 */
export function issueAccessToken(
  secret: Buffer,
  userId: number,
  now: number,
  sessionId?: string,
): string {
  const claims = { sub: userId, sid: sessionId, iat: now, exp: now + DEFAULTS.tokenLifetimeMs };
  const body = b64(JSON.stringify({ typ: 'access', ...claims }));
  const signature = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${signature}`;
}

/** Verifies signature, type and expiry of an access token. */
export function verifyAccessToken(secret: Buffer, token: string, now: number): AccessCheck {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const claims = parsed as Partial<AccessClaims> & { typ?: string };
  const sid = claims.sid ?? null;
  if (
    claims.typ !== 'access' ||
    !Number.isInteger(claims.sub) ||
    typeof claims.exp !== 'number' ||
    typeof claims.iat !== 'number' ||
    (sid !== null && (typeof sid !== 'string' || sid.length === 0 || sid.length > MAX_SESSION_ID))
  ) {
    return { ok: false, reason: 'invalid' };
  }
  if (now >= claims.exp) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { sub: claims.sub!, sid, iat: claims.iat, exp: claims.exp } };
}
