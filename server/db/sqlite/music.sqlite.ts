import type { Database } from '../database.ts';
import type { MusicRepository } from '../../music/music.repository.ts';

/** SQLite implementation of the music repository. */
export function sqliteMusic(_db: Database): MusicRepository {
  return {};
}
