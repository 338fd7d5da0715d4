import type { LibrarySize } from '../config.ts';
import type { MusicalKey } from '../../src/shared/api/catalogue.types.ts';
import type { PackTexts, SampleFileFacts } from '../catalogue/catalogue.repository.ts';
import type { EffectiveMetadata, StoredAnalysis, ValueSource } from './sound-analysis.ts';

/** A brand, found by its name or added. */
export interface BrandInsert {
  name: string;
  nameZh: string;
}

/** A taxonomy entry (secondaryName '' is the primary row); one already there is kept. */
export interface TaxonomyInsert {
  category: string;
  primaryName: string;
  secondaryName: string;
  nameZh: string;
  position: number;
}

/** A pack row; `brand` names a brand of the same batch or one already stored. */
export interface PackInsert extends PackTexts {
  /** False: made unpublished, hidden from users until published (an upload's pack). */
  published?: boolean;
  category: string;
  primaryName: string;
  /** A PNG in the blob store, or null. */
  coverHash: string | null;
  tags: string[];
  popularity: number;
  createdAt: string;
}

/**
 * What a keyword search finds a sample by, field by field, as plain text (English and Chinese
 * together); the sample's tags are the tags field. How it is indexed is the adapter's business.
 */
export interface SampleSearchText {
  name: string;
  brand: string;
  pack: string;
  /** The primary name of the sample's place in the taxonomy. */
  type: string;
  /** The secondary name (group). */
  grp: string;
}

/** A sample row as the seeder and importer write it. */
export interface SampleInsert extends SampleFileFacts {
  packCode: string;
  nameEn: string;
  nameZh: string;
  category: string;
  primaryName: string;
  secondaryName: string;
  audioKey: MusicalKey | null;
  bpm: number | null;
  kind: 'oneshot' | 'loop';
  format: string;
  mediaType: string;
  blobHash: string;
  fileName: string;
  auditionCode: string | null;
  auditionHash: string | null;
  /**
   * Format version of the preview `auditionHash` (`AUDITION_VERSION`); absent or null: none, or
   * one stored before versions (format 1), which the next start encodes again.
   */
  auditionVersion?: number | null;
  peaks: Uint8Array | null;
  popularity: number;
  createdAt: string;
  /**
   * Source of `audioKey`, `bpm` and `kind` ('pack' with a null value: the pack says none);
   * absent: 'pack', the writer ships them (docs/LIBRARY.md "Stored analysis").
   */
  keySource?: ValueSource | null;
  bpmSource?: ValueSource | null;
  kindSource?: ValueSource;
  /** The audio analysis; absent or null until it runs (analysePending). */
  analysis?: StoredAnalysis | null;
}

/** A sample with the text a search finds it by. */
export interface SampleWrite extends SampleInsert {
  search: SampleSearchText;
}

/** Rows written together, in this order: brands, taxonomy, packs, samples. */
export interface LibraryBatch {
  brands?: BrandInsert[];
  taxonomy?: TaxonomyInsert[];
  packs?: PackInsert[];
  samples?: SampleWrite[];
}

/** A sample waiting for its MP3 audition: it has none, or one of an older format version. */
export interface PendingAudition {
  id: number;
  blobHash: string;
  popularity: number;
  /** It has a preview, of an older format: the catalogue plays that one until the new is stored. */
  stale: boolean;
}

/** An encoded audition to store on a sample. */
export interface AuditionResult {
  id: number;
  auditionHash: string;
  /** A new code: the old preview's URL is cached for a year, so a new file gets a new one. */
  auditionCode: string;
  /** Format version of the stored preview. */
  auditionVersion: number;
}

/** A sample waiting for its audio analysis: its audio blob and its metadata now. */
export interface PendingAnalysis {
  id: number;
  blobHash: string;
  popularity: number;
  current: EffectiveMetadata;
}

/** An analysis to store on a sample, with the effective metadata it leads to. */
export interface AnalysisResult {
  id: number;
  metadata: EffectiveMetadata;
  analysis: StoredAnalysis;
}

/**
 * Storage behind seeding and `npm run import`: the library writer, the pending auditions and the
 * seeding marker. Every write is one port-level operation that is all-or-nothing
 * (docs/ARCHITECTURE.md#storage); no caller holds a transaction or a database handle.
 */
export interface LibraryRepository {
  /** When the library was seeded, or null when it never was (the next start seeds it). */
  seededAt(): Promise<string | null>;
  /** Records a finished seeding and the library size it used. */
  markSeeded(at: string, size: LibrarySize): Promise<void>;
  /**
   * Writes one batch all-or-nothing; with `replace`, deletes every brand, taxonomy entry, pack
   * and sample first (the remains of an interrupted first start). Answers the new sample ids, in
   * the batch's order.
   */
  writeBatch(batch: LibraryBatch, options?: { replace?: boolean }): Promise<number[]>;
  /**
   * Writes many batches as one all-or-nothing bulk load (the `large` and `huge` libraries): the
   * batches are read as they are written, so the rows are never all in memory.
   */
  writeBulk(batches: Iterable<LibraryBatch>): Promise<void>;
  /** The cover blob of every pack, by code. */
  packCovers(): Promise<Map<string, string | null>>;
  /** Whether a pack with this code exists. */
  hasPack(code: string): Promise<boolean>;
  /** Whether a sample already stores the audio blob `hash` (the same bytes imported twice). */
  hasSampleWithBlob(hash: string): Promise<boolean>;
  /** Every sample without an MP3 audition or with one older than format `version`. */
  pendingAuditions(version: number): Promise<PendingAudition[]>;
  /**
   * Stores encoded auditions all-or-nothing; a sample whose preview is already of the result's
   * version or newer keeps it (another instance stored it first).
   */
  storeAuditions(results: AuditionResult[]): Promise<void>;
  /** Every sample without an audio analysis (docs/LIBRARY.md "Stored analysis"). */
  pendingAnalyses(): Promise<PendingAnalysis[]>;
  /** Stores analyses and the effective key, BPM and kind they give, all-or-nothing. */
  storeAnalyses(results: AnalysisResult[]): Promise<void>;
}
