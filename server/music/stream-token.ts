import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a stream token lives at least (ms); `<audio>` seeks re-use it while a song plays. */
export const STREAM_TOKEN_LIFETIME_MS = 20 * 60_000;

// Tokens are cut on 5-minute windows so the same caller gets the same cover URL for a while
// and the browser can cache covers; a token therefore lives 15–20 minutes.
const WINDOW_MS = 5 * 60_000;

/** Outcome of checking a stream token. */
type StreamTokenCheck =
  { ok: true; userId: number; sessionId: string } | { ok: false; reason: 'invalid' | 'expired' };

function sign(secret: Buffer, songId: number, userId: number, sid: string, exp: number): Buffer {
  // The purpose prefix keeps these MACs apart from access tokens signed with the same secret.
  return createHmac('sha256', secret)
    .update(`yinku-song-media\n${songId}\n${userId}\n${sid}\n${exp}`)
    .digest();
}

/**
 * Issues a token for `?token=` on a song's stream and cover URLs, bound to the song, the user and
 * the session (its end refuses the token too): `<audio>` and `<img>` cannot send the bearer
 * header. Format `userId.sessionId.exp.hmac` (the session id a UUID, the MAC base64url).
 */
export function issueStreamToken(
  secret: Buffer,
  songId: number,
  user: { userId: number; sessionId: string },
  now: number,
): string {
  const { userId, sessionId } = user;
  const exp = Math.floor(now / WINDOW_MS) * WINDOW_MS + STREAM_TOKEN_LIFETIME_MS;
  const mac = sign(secret, songId, userId, sessionId, exp).toString('base64url');
  return `${userId}.${sessionId}.${exp}.${mac}`;
}

/** Checks a stream token against the song it is used for. */
export function verifyStreamToken(
  secret: Buffer,
  token: string,
  songId: number,
  now: number,
): StreamTokenCheck {
  const match = /^(\d{1,10})\.([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const userId = Number(match[1]);
  const sessionId = match[2]!;
  const exp = Number(match[3]);
  const expected = sign(secret, songId, userId, sessionId, exp);
  const given = Buffer.from(match[4]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  if (now >= exp) return { ok: false, reason: 'expired' };
  return { ok: true, userId, sessionId };
}
