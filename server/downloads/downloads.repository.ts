/** What a download authorisation decided. */
type AuthorizeOutcome =
  /** The caller owns the item: the download is free. */
  | 'owned'
  /** A pending grant exists (new or reused): the commit will charge one download. */
  | 'granted'
  /** The quota, less the downloads already granted and pending, is used up. */
  | 'quota'
  /** No such sample. */
  | 'missing';

/** What a batch authorisation decided: all granted (or quoted), or nothing. */
type BatchOutcome =
  | {
      status: 'granted' | 'quoted';
      charged: number[];
      owned: number[];
      downloadQuota: number | null;
      available: number | null;
    }
  /** The batch needs more downloads than are available: nothing was granted. */
  | { status: 'quota'; charged: number[]; downloadQuota: number | null; available: number | null }
  /** Some ids name no sample: nothing was granted. */
  | { status: 'missing'; missing: number[] };

/** What a download report did. */
type ReportOutcome =
  | { status: 'committed'; charged: boolean; downloadQuota: number | null }
  | { status: 'rolledBack'; downloadQuota: number | null }
  /** A success report without a pending grant or ownership. */
  | { status: 'noGrant' }
  | { status: 'missing' };

/** One acquired item, as the desktop shell reconciles its folder. */
interface AcquisitionRow {
  sampleId: number;
  brand: string;
  primaryName: string;
  secondaryName: string;
  fileName: string;
  userFilePath: string | null;
  acquiredAt: string;
}

/** Storage behind the download routes: grants, acquisitions (the warehouse), quota, likes. */
export interface DownloadsRepository {
  /**
   * Decides and records a download authorisation in one transaction: owned items are free,
   * otherwise a pending grant valid until `expiresAt` is created (or an unexpired one reused)
   * when the quota covers it and every other pending grant. Charges nothing.
   */
  authorize(
    userId: number,
    sampleId: number,
    now: number,
    expiresAt: number,
  ): Promise<AuthorizeOutcome>;
  /**
   * Authorises a batch in one transaction, all or nothing: owned items are free; every other item
   * gets a pending grant (an unexpired one is reused and extended) only when the quota, less the
   * grants pending outside the batch, covers them all. `dryRun` only quotes. Charges nothing.
   */
  authorizeBatch(
    userId: number,
    sampleIds: readonly number[],
    now: number,
    expiresAt: number,
    dryRun: boolean,
  ): Promise<BatchOutcome>;
  /** Whether the caller may fetch the file now: owned, or an unexpired pending grant. */
  mayFetch(userId: number, sampleId: number, now: number): Promise<boolean>;
  /**
   * Applies a download report in one transaction. Success commits the pending grant, adds the
   * sample to the warehouse with `userFilePath` and takes one download off the quota (never for
   * owned items); failure rolls every pending grant of the sample back and charges nothing.
   */
  report(
    userId: number,
    sampleId: number,
    success: boolean,
    userFilePath: string | null,
    now: number,
  ): Promise<ReportOutcome>;
  /** Flips the caller's like of a sample; answers the new state, or null when no such sample. */
  toggleSampleLike(userId: number, sampleId: number, now: number): Promise<boolean | null>;
  /** Flips the caller's like of a pack; answers the new state, or null when no such pack. */
  togglePackLike(userId: number, packCode: string, now: number): Promise<boolean | null>;
  /** Everything in the caller's warehouse, oldest first. */
  acquisitions(userId: number): Promise<AcquisitionRow[]>;
  /**
   * Forgets where the desktop shell saved these samples (their files are gone from its folder):
   * they stay in the warehouse, owned, with `userFilePath` null. Answers how many changed.
   */
  forgetFilePaths(userId: number, sampleIds: readonly number[]): Promise<number>;
}
