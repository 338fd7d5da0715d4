import type { Actor } from '../../admin/admin.repository.ts';
import type { MusicalKey } from '../../../src/shared/api/catalogue.types.ts';
import type { ValueSource } from '../sound-analysis.ts';
import type { Finding, ReviewStatus } from './findings.ts';

/** A finding to store: what a check found in one file of a pack. */
export interface FindingInsert extends Finding {
  /** null: the file could not be used (INVALID_AUDIO), so it has no sample. */
  sampleId: number | null;
  packCode: string;
  fileName: string;
  createdAt: string;
}

/** A stored finding and where it stands. */
export interface StoredFinding extends FindingInsert {
  id: number;
  status: ReviewStatus;
  updatedAt: string;
}

/** The sample columns a fix reads and may change (docs/LIBRARY.md "Review findings"). */
export interface SampleFields {
  audioKey: MusicalKey | null;
  bpm: number | null;
  keySource: ValueSource | null;
  bpmSource: ValueSource | null;
  detectedBpm: number | null;
  detectedKey: MusicalKey | null;
  blobHash: string;
  format: string;
  mediaType: string;
  bitDepth: number | null;
  sizeBytes: number;
  duration: number;
  fileName: string;
  auditionCode: string | null;
  auditionHash: string | null;
  auditionVersion: number | null;
  lufs: number | null;
  truePeakDb: number | null;
}

/** A change to a sample: fields to set, and the new peaks and embedding of a new file. */
export type SamplePatch = Partial<SampleFields> & { peaks?: Uint8Array; embedding?: Uint8Array };

/**
 * The audit row of a review change (docs/ADMIN.md): written in the change's own transaction, so
 * a change is never stored without its row, nor a row without its change.
 */
export interface ReviewAudit {
  actor: Actor;
  action: 'review.accept' | 'review.reject' | 'review.fix';
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** Storage behind the review queue; each write is all-or-nothing, with its audit row. */
export interface ReviewRepository {
  /** Stores findings (status open) and answers their ids in order. */
  addFindings(findings: FindingInsert[]): Promise<number[]>;
  /** A pack's findings, oldest first. */
  listFindings(packCode: string): Promise<StoredFinding[]>;
  /** One finding, or null. */
  findFinding(id: number): Promise<StoredFinding | null>;
  /** Sets a finding's status with its audit row; answers it after, or null when there is none. */
  setStatus(
    id: number,
    status: ReviewStatus,
    at: string,
    audit: ReviewAudit,
  ): Promise<StoredFinding | null>;
  /** A sample's fields a fix reads, or null when there is no such sample. */
  sampleFields(sampleId: number): Promise<SampleFields | null>;
  /** Changes a sample, marks the finding `fixed` and writes the audit row, in one transaction. */
  fixSample(
    findingId: number,
    sampleId: number,
    patch: SamplePatch,
    at: string,
    audit: ReviewAudit,
  ): Promise<void>;
}
