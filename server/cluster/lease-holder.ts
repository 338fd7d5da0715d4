import type { Clock } from '../clock.ts';
import type { LeasesRepository } from '../db/coordination.repository.ts';

/** How long a lease lasts unless renewed; its holder renews it every third of that. */
export const DEFAULT_LEASE_MS = 60_000;

/** A lease this process holds and keeps renewing until released. */
export interface HeldLease {
  /** True once a renewal found the lease taken (it had expired): the work may be done twice. */
  readonly lost: boolean;
  /** Stops renewing and frees the lease for the next claimant at once. */
  release(): Promise<void>;
}

/**
 * Claims the lease `name` for `owner` and renews it in the background, or answers null when
 * another owner holds it. A holder killed outright stops renewing, so its lease expires after
 * `ttlMs` and another instance can take the work over (docs/DEPLOY.md#several-instances).
 */
export async function tryHoldLease(
  leases: LeasesRepository,
  name: string,
  owner: string,
  clock: Clock,
  ttlMs: number = DEFAULT_LEASE_MS,
): Promise<HeldLease | null> {
  const claim = () => {
    const now = clock.now();
    return leases.claim(name, owner, now, now + ttlMs);
  };
  if (!(await claim())) return null;
  let lost = false;
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = claim().then(
      (held) => {
        if (!held) lost = true;
      },
      // A failed renewal (database busy) is retried on the next tick; the lease lasts 3 ticks.
      () => {},
    );
  }, ttlMs / 3);
  // A lease never keeps the process alive on its own.
  timer.unref();
  return {
    get lost() {
      return lost;
    },
    async release() {
      clearInterval(timer);
      await renewing;
      await leases.release(name, owner);
    },
  };
}

/** Resolves after `ms` (used to wait while another instance holds a lease). */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
