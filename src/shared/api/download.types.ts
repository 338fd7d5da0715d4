/** Body of saveOrRollback (docs/PRODUCT.md §3 download report payload). */
export interface DownloadReport {
  resourceId: number;
  audioType: string;
  audioGroup: string;
  success: boolean;
  error: string | null;
  userFilePath: string | null;
}

/** One acquired item in the sync answer. */
export interface SyncItem {
  resourceId: number;
  audioBrand: string;
  audioType: string;
  audioGroup: string;
  fileName: string;
  userFilePath: string | null;
  acquiredAt: string;
}

/** Body of removing items from a user list. */
export interface UserItemRemovePayload {
  relation: 'stockroom' | 'likes';
  range: 'samples' | 'packs';
  ids: (number | string)[];
}

/** Answer of saveOrRollback: what the report did. */
export interface DownloadSaveResult {
  /** committed: the item is in the warehouse; rolledBack: the pending grant was dropped. */
  status: 'committed' | 'rolledBack';
  /** Whether this commit used one download of the quota (never for owned items). */
  charged: boolean;
  /** Downloads left after the report; null means unlimited. */
  downloadQuota: number | null;
}

/** Answer of the user-list remove call. */
export interface UserItemRemoveResult {
  removed: number;
}

/** Answer of the user-list restore call (the undo of a removal; same body as remove). */
export interface UserItemRestoreResult {
  restored: number;
}

/** Body of the batch authorise call: every item is granted, or none is. */
export interface DownloadBatchRequest {
  /** Sample ids (1–500; repeats count once). */
  ids: number[];
  /** Only quote the cost: grant nothing. */
  dryRun?: boolean;
}

/** Answer of the batch authorise call: what the batch costs against the balance. */
export interface DownloadBatchAuthorization {
  /** Whether the grants were made (false for a dry run). */
  granted: boolean;
  /** The ids that will take one download each when committed (not owned). */
  charged: number[];
  /** The ids the caller owns (in the warehouse, or removed from it: removal never revokes): free. */
  owned: number[];
  /** Downloads the batch takes: `charged.length`, or 0 with an unlimited plan. */
  cost: number;
  /** Downloads left on the account now; null means unlimited. */
  downloadQuota: number | null;
  /** Downloads this batch may use: the quota less grants pending outside the batch (null: unlimited). */
  available: number | null;
}
