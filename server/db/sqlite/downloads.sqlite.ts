import type { Database } from '../database.ts';
import type { DownloadsRepository } from '../../downloads/downloads.repository.ts';

/** SQLite implementation of the downloads repository. */
export function sqliteDownloads(_db: Database): DownloadsRepository {
  return {};
}
