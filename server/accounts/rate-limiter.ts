import { createHash } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { LimitsRepository } from '../db/coordination.repository.ts';

/** Counts events per key in a sliding window and says how long a key must wait. */
interface RateLimiter {
  /** Milliseconds until `key` may act again; 0 when it may act now. */
  blockedFor(key: string): Promise<number>;
  /** Records one event for `key`. */
  record(key: string): Promise<void>;
  /** Forgets `key` (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
}

/**
 * A sliding-window limiter, at most `limit` events per `windowMs` for each key, counted in the
 * database so every gateway instance on it sees the same counts (docs/DEPLOY.md#several-instances).
 * Keys (addresses, client IPs) are stored hashed: the table never holds them in clear.
 */
export function createRateLimiter(options: {
  /** Names this limiter's counts apart from other limiters'. */
  bucket: string;
  limit: number;
  windowMs: number;
  clock: Clock;
  store: LimitsRepository;
}): RateLimiter {
  const { bucket, limit, windowMs, clock, store } = options;
  const hashed = (key: string): string => createHash('sha256').update(key).digest('base64url');
  return {
    blockedFor: (key) => store.blockedFor(bucket, hashed(key), clock.now(), limit, windowMs),
    record: (key) => store.record(bucket, hashed(key), clock.now(), windowMs),
    reset: (key) => store.reset(bucket, hashed(key)),
  };
}

/** The Retry-After header value (whole seconds, at least 1) for a wait in milliseconds. */
export function retryAfterSeconds(waitMs: number): string {
  return String(Math.max(1, Math.ceil(waitMs / 1000)));
}
