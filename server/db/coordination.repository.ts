// What several gateway instances on one database coordinate through storage instead of process
// memory (docs/DEPLOY.md#several-instances). Every method is one atomic statement or transaction,
// so two instances calling at once still count and claim exactly once.

/** Sliding-window event counts shared by every instance (sign-in failures, code mails). */
export interface LimitsRepository {
  /** Records one event of `key` in `bucket` at `now`, dropping the bucket's events older than `windowMs`. */
  record(bucket: string, key: string, now: number, windowMs: number): Promise<void>;
  /**
   * Milliseconds until `key` may act again: 0 while fewer than `limit` events of the last
   * `windowMs` are stored, else until the oldest of the latest `limit` leaves the window.
   */
  blockedFor(
    bucket: string,
    key: string,
    now: number,
    limit: number,
    windowMs: number,
  ): Promise<number>;
  /** Forgets every event of `key` in `bucket` (a successful sign-in). */
  reset(bucket: string, key: string): Promise<void>;
}

/** Named, expiring claims on work only one instance may do at a time. */
export interface LeasesRepository {
  /**
   * Takes the lease `name` for `owner` until `expiresAt` when it is free, expired, or already
   * `owner`'s (which renews it); false when another owner holds it. One conditional upsert.
   */
  claim(name: string, owner: string, now: number, expiresAt: number): Promise<boolean>;
  /** Gives the lease up early; a no-op unless `owner` holds it. */
  release(name: string, owner: string): Promise<void>;
}

/** A gateway instance as the others see it. */
export interface InstanceRecord {
  id: string;
  secretFingerprint: string;
  seenAt: number;
}

/** The register of live gateway instances. */
export interface InstancesRepository {
  /**
   * In one transaction: drops rows not seen since `liveSince`, stores or refreshes this
   * instance's row, and answers the other instances still live.
   */
  heartbeat(instance: InstanceRecord, liveSince: number): Promise<InstanceRecord[]>;
  /** Removes this instance's row (a clean shutdown, or a refused start). */
  leave(id: string): Promise<void>;
}
