/** Body of saveOrRollback (SPEC §3 download report payload). */
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
