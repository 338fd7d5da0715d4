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
