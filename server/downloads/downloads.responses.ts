import type {
  DownloadBatchAuthorization,
  DownloadSaveResult,
  SyncItem,
  UserItemRemoveResult,
  UserItemRestoreResult,
} from '../../src/shared/api/download.types.ts';
import {
  arrayOf,
  boolean,
  integer,
  integerOrNull,
  integers,
  object,
  oneOf,
  text,
  textOrNull,
} from '../http/response-schema.ts';
import type { Assert, SameShape } from '../http/response-schema.ts';

// The download answers as response schemas (docs/API.md#typed-routes), proved the same shape as
// src/shared/api/download.types.ts by the Assert lines.

/** The batch authorisation's quote. */
export const batchAuthorizationSchema = object({
  granted: boolean,
  charged: integers,
  owned: integers,
  cost: integer,
  downloadQuota: integerOrNull,
  available: integerOrNull,
});

/** What a download report did. */
export const saveResultSchema = object({
  status: oneOf(['committed', 'rolledBack'] as const),
  charged: boolean,
  downloadQuota: integerOrNull,
});

/** The acquired items of the sync calls. */
export const syncItemsSchema = arrayOf(
  object({
    resourceId: integer,
    audioBrand: text,
    audioType: text,
    audioGroup: text,
    fileName: text,
    userFilePath: textOrNull,
    acquiredAt: text,
  }),
);

/** The user-list removal's count. */
export const removeResultSchema = object({ removed: integer });

/** The user-list restore's count. */
export const restoreResultSchema = object({ restored: integer });

/** Compile-time proofs that each schema is its shared type. */
export type DownloadShapes = [
  Assert<SameShape<typeof batchAuthorizationSchema, DownloadBatchAuthorization>>,
  Assert<SameShape<typeof saveResultSchema, DownloadSaveResult>>,
  Assert<SameShape<typeof syncItemsSchema, SyncItem[]>>,
  Assert<SameShape<typeof removeResultSchema, UserItemRemoveResult>>,
  Assert<SameShape<typeof restoreResultSchema, UserItemRestoreResult>>,
];
