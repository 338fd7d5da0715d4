import type { SongRecord } from '../music/music.repository.ts';
import type { BrandInsert, PackInsert, SampleInsert } from '../library/library.repository.ts';

/** A sample exactly as stored. */
export interface StoredSample extends SampleInsert {
  id: number;
}

/** A pack exactly as stored, with its brand's Chinese name. */
export interface StoredPack extends PackInsert {
  brandZh: string;
}

/**
 * What the API tests read (and the few fixtures they set) straight from storage, to check the
 * gateway's answers against the data rather than against itself. Routes never use it; every
 * adapter implements it so the same tests run on each (docs/ARCHITECTURE.md#storage).
 */
export interface OracleRepository {
  /** Every sample, by id (test libraries are small enough to read whole). */
  samples(): Promise<StoredSample[]>;
  /** Every pack, by code. */
  packs(): Promise<StoredPack[]>;
  /** Every brand, by name. */
  brands(): Promise<BrandInsert[]>;
  /** Rows of the keyword search index (one per sample when it is whole). */
  searchIndexSize(): Promise<number>;
  /** Every song, by slot. */
  songs(): Promise<SongRecord[]>;
  /** A user's remaining downloads (null: unlimited), or undefined for no such user. */
  downloadQuota(userId: number): Promise<number | null | undefined>;
  /** Sets a user's remaining downloads (null: unlimited). */
  setDownloadQuota(userId: number, quota: number | null): Promise<void>;
  /** Refresh tokens stored under exactly this hash value. */
  refreshTokensStoredAs(value: string): Promise<number>;
  /** Device keys a user registered. */
  clientKeyCount(userId: number): Promise<number>;
  /** Email codes kept, of any address. */
  emailCodeCount(): Promise<number>;
  /** A user's download grants (one per authorisation), oldest first. */
  downloadGrants(userId: number): Promise<{ sampleId: number; status: string }[]>;
  /** Takes a role from a user. */
  revokeRole(userId: number, role: string): Promise<void>;
  /** Points a sample at another stored audio blob. */
  setSampleBlob(sampleId: number, blobHash: string): Promise<void>;
  /** Deletes samples (with their search rows). */
  deleteSamples(ids: readonly number[]): Promise<void>;
  /** Problems a storage self-check finds (empty when the data is whole). */
  integrityProblems(): Promise<string[]>;
}
