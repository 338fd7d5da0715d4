import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a stream token lives at least (ms); `<audio>` seeks re-use it while a song plays. */
export const STREAM_TOKEN_LIFETIME_MS = 20 * 60_000;

// Tokens are cut on 5-minute windows so the same caller gets the same cover URL for a while
// and the browser can cache covers; a token therefore lives 15–20 minutes.
const WINDOW_MS = 5 * 60_000;

/** Outcome of checking a stream token. */
type StreamTokenCheck = { ok: true; userId: number } | { ok: false; reason: 'invalid' | 'expired' };

function sign(secret: Buffer, songId: number, userId: number, exp: number): Buffer {
  // The purpose prefix keeps these MACs apart from access tokens signed with the same secret.
  return createHmac('sha256', secret)
    .update(`yinku-song-media\n${songId}\n${userId}\n${exp}`)
    .digest();
}

/**
 * Issues a token for `?token=` on a song's stream and cover URLs, bound to the song and the user:
 * `<audio>` and `<img>` cannot send the bearer header. Format `userId.exp.hmac` (base64url).
 */
export function issueStreamToken(
  secret: Buffer,
  songId: number,
  userId: number,
  now: number,
): string {
  const exp = Math.floor(now / WINDOW_MS) * WINDOW_MS + STREAM_TOKEN_LIFETIME_MS;
  return `${userId}.${exp}.${sign(secret, songId, userId, exp).toString('base64url')}`;
}

/** Checks a stream token against the song it is used for. */
export function verifyStreamToken(
  secret: Buffer,
  token: string,
  songId: number,
  now: number,
): StreamTokenCheck {
  const match = /^(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const userId = Number(match[1]);
  const exp = Number(match[2]);
  const expected = sign(secret, songId, userId, exp);
  const given = Buffer.from(match[3]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  if (now >= exp) return { ok: false, reason: 'expired' };
  return { ok: true, userId };
}
