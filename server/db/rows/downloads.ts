import type { DownloadsRepository } from '../../downloads/downloads.repository.ts';
import type { Row } from './values.ts';

/** A millisecond time as the ISO text the download tables store. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** A user's acquisitions (the user at `userParam`) with the names a file is saved under. */
export const acquisitionsQuery = (userParam: string): string =>
  `SELECT a.sample_id, b.name AS brand, s.primary_name, s.secondary_name, s.file_name,
          a.user_file_path, a.acquired_at
   FROM acquisitions a
   JOIN samples s ON s.id = a.sample_id
   JOIN packs p ON p.code = s.pack_code
   JOIN brands b ON b.id = p.brand_id
   WHERE a.user_id = ${userParam} ORDER BY a.acquired_at, a.sample_id`;

/** An acquisitionsQuery row as the port's acquisition. */
export const toAcquisition = (
  row: Row,
): Awaited<ReturnType<DownloadsRepository['acquisitions']>>[number] => ({
  sampleId: Number(row.sample_id),
  brand: String(row.brand),
  primaryName: String(row.primary_name),
  secondaryName: String(row.secondary_name),
  fileName: String(row.file_name),
  userFilePath: row.user_file_path == null ? null : String(row.user_file_path),
  acquiredAt: String(row.acquired_at),
});

/** A batch's answer, as the port gives it. */
type BatchOutcome = Awaited<ReturnType<DownloadsRepository['authorizeBatch']>>;

/**
 * The quota rule of a batch (docs/api/downloads.md): the downloads available are the quota less
 * every pending grant, this batch's own pending grants given back (they are reused). A dry run
 * answers the quote; a batch needing more than is available answers `quota`; otherwise `answer`
 * is null and the caller grants, then answers `granted(facts)`.
 */
export function quoteBatch(
  batch: { owned: number[]; charged: number[]; downloadQuota: number | null; dryRun?: boolean },
  pendingAll: number,
  pendingHere: number,
): { answer: BatchOutcome | null; granted: () => BatchOutcome } {
  const { owned, charged, downloadQuota } = batch;
  const available =
    downloadQuota === null ? null : Math.max(0, downloadQuota - pendingAll + pendingHere);
  const facts = { charged, downloadQuota, available };
  const granted = () => ({ status: 'granted', owned, ...facts }) as const;
  if (batch.dryRun) return { answer: { status: 'quoted', owned, ...facts }, granted };
  if (available !== null && charged.length > available)
    return { answer: { status: 'quota', ...facts }, granted };
  return { answer: null, granted };
}
