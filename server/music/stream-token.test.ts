import { describe, expect, it } from 'vitest';
import { issueStreamToken, STREAM_TOKEN_LIFETIME_MS, verifyStreamToken } from './stream-token.ts';

const secret = Buffer.from('test-secret-test-secret-test-sec');
const now = Date.parse('2026-01-01T10:02:00Z');
const caller = { userId: 42, sessionId: '0f8fad5b-d9cb-469f-a165-70867728950e' };

describe('stream tokens', () => {
  it('verify for the same song and name the user', () => {
    const token = issueStreamToken(secret, 7, caller, now);
    expect(verifyStreamToken(secret, token, 7, now)).toEqual({
      ok: true,
      userId: 42,
      sessionId: caller.sessionId,
    });
  });

  it('stay the same within a 5-minute window so covers can be cached', () => {
    expect(issueStreamToken(secret, 7, caller, now)).toBe(
      issueStreamToken(secret, 7, caller, now + 60_000),
    );
  });

  it('live at least 15 minutes and expire after 20', () => {
    const token = issueStreamToken(secret, 7, caller, now);
    expect(verifyStreamToken(secret, token, 7, now + 15 * 60_000).ok).toBe(true);
    expect(verifyStreamToken(secret, token, 7, now + STREAM_TOKEN_LIFETIME_MS)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('fail for another song, another secret, or an edited user', () => {
    const token = issueStreamToken(secret, 7, caller, now);
    expect(verifyStreamToken(secret, token, 8, now).ok).toBe(false);
    expect(verifyStreamToken(Buffer.from('other'), token, 7, now).ok).toBe(false);
    expect(verifyStreamToken(secret, token.replace(/^42\./, '43.'), 7, now).ok).toBe(false);
    expect(verifyStreamToken(secret, `${token}x`, 7, now).ok).toBe(false);
  });
});
