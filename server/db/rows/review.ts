// Row code the two review adapters share (docs/LIBRARY.md "Review findings").
import type { Finding, ReviewStatus } from '../../library/review/findings.ts';
import type {
  FindingInsert,
  SampleFields,
  SamplePatch,
  StoredFinding,
} from '../../library/review/review.repository.ts';
import type { ReviewAudit } from '../../library/review/review.repository.ts';
import { auditValues } from './admin-users.ts';
import { num, orNull, text, type Row } from './values.ts';

export { AUDIT_INSERT } from './admin-users.ts';

/** A review change's audit row values (AUDIT_INSERT order), its target the finding. */
export const reviewAuditValues = (findingId: number, audit: ReviewAudit) =>
  auditValues(audit.actor, audit.action, `finding:${findingId}`, audit.before, audit.after);

/** The columns of a finding, as toFinding reads them. */
export const FINDING_COLUMNS =
  'id, sample_id, pack_code, file_name, code, detail, status, created_at, updated_at';

/** The columns an insert fills, in findingValues order. */
export const FINDING_INSERT_COLUMNS =
  'sample_id, pack_code, file_name, code, detail, created_at, updated_at';

/** A finding's insert values in FINDING_INSERT_COLUMNS order. */
export const findingValues = (f: FindingInsert): (string | number | null)[] => [
  f.sampleId,
  f.packCode,
  f.fileName,
  f.code,
  JSON.stringify(f.detail),
  f.createdAt,
  f.createdAt,
];

/** A row of FINDING_COLUMNS as a stored finding. */
export const toFinding = (row: Row): StoredFinding => ({
  id: num(row.id),
  sampleId: orNull(row.sample_id, num),
  packCode: text(row.pack_code),
  fileName: text(row.file_name),
  code: text(row.code) as Finding['code'],
  detail: JSON.parse(text(row.detail)) as Finding['detail'],
  status: text(row.status) as ReviewStatus,
  createdAt: text(row.created_at),
  updatedAt: text(row.updated_at),
});

/** Each field of SamplePatch and its `samples` column. */
const SAMPLE_COLUMN: Record<keyof SamplePatch, string> = {
  audioKey: 'audio_key',
  bpm: 'bpm',
  keySource: 'key_source',
  bpmSource: 'bpm_source',
  detectedBpm: 'detected_bpm',
  detectedKey: 'detected_key',
  blobHash: 'blob_hash',
  format: 'format',
  mediaType: 'media_type',
  bitDepth: 'bit_depth',
  sizeBytes: 'size_bytes',
  duration: 'duration',
  fileName: 'file_name',
  auditionCode: 'audition_code',
  auditionHash: 'audition_hash',
  auditionVersion: 'audition_version',
  lufs: 'lufs',
  truePeakDb: 'true_peak_db',
  peaks: 'peaks',
  embedding: 'embedding',
};

/** The columns sampleFields reads. */
export const SAMPLE_FIELD_COLUMNS = Object.entries(SAMPLE_COLUMN)
  .filter(([field]) => field !== 'peaks' && field !== 'embedding')
  .map(([, column]) => column)
  .join(', ');

/** A row of SAMPLE_FIELD_COLUMNS as SampleFields. */
export const toSampleFields = (row: Row): SampleFields =>
  Object.fromEntries(
    Object.entries(SAMPLE_COLUMN)
      .filter(([, column]) => column in row)
      .map(([field, column]) => [field, row[column] ?? null]),
  ) as unknown as SampleFields;

/** A patch's columns and values (bytes through `bytes`), in one order. */
export function patchColumns<B>(
  patch: SamplePatch,
  bytes: (value: Uint8Array) => B,
): { columns: string[]; values: (string | number | null | B)[] } {
  const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
  return {
    columns: entries.map(([field]) => SAMPLE_COLUMN[field as keyof SamplePatch]),
    values: entries.map(([, value]) =>
      value instanceof Uint8Array ? bytes(value) : (value as string | number | null),
    ),
  };
}
