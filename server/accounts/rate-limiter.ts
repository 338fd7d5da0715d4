import type { Clock } from '../clock.ts';

/** Counts events per key in a sliding window and says how long a key must wait. */
interface RateLimiter {
  /** Milliseconds until `key` may act again; 0 when it may act now. */
  blockedFor(key: string): number;
  /** Records one event for `key`. */
  record(key: string): void;
  /** Forgets `key` (e.g. after a successful sign-in). */
  reset(key: string): void;
}

/** An in-memory sliding-window limiter: at most `limit` events per `windowMs` for each key. */
export function createRateLimiter(options: {
  limit: number;
  windowMs: number;
  clock: Clock;
}): RateLimiter {
  const { limit, windowMs, clock } = options;
  const events = new Map<string, number[]>();
  const recent = (key: string, now: number): number[] => {
    const kept = (events.get(key) ?? []).filter((at) => now - at < windowMs);
    if (kept.length === 0) events.delete(key);
    else events.set(key, kept);
    return kept;
  };
  // Keys of idle callers would otherwise pile up forever; sweep them now and then.
  const sweep = (now: number): void => {
    if (events.size < 10_000) return;
    // Deleting the current key while iterating a Map is safe.
    for (const key of events.keys()) recent(key, now);
  };
  return {
    blockedFor(key) {
      const now = clock.now();
      const kept = recent(key, now);
      if (kept.length < limit) return 0;
      return kept[kept.length - limit]! + windowMs - now;
    },
    record(key) {
      const now = clock.now();
      sweep(now);
      events.set(key, [...recent(key, now), now]);
    },
    reset(key) {
      events.delete(key);
    },
  };
}

/** The Retry-After header value (whole seconds, at least 1) for a wait in milliseconds. */
export function retryAfterSeconds(waitMs: number): string {
  return String(Math.max(1, Math.ceil(waitMs / 1000)));
}
