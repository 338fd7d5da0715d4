import type { Database } from './database.ts';
import type { MusicRepository } from '../../music/music.repository.ts';
import { COLUMNS, likePattern, SONG_INSERT_COLUMNS, songValues, toRecord } from '../rows/music.ts';

/** SQLite implementation of the music repository. */
export function sqliteMusic(db: Database): MusicRepository {
  const byId = db.prepare(`SELECT ${COLUMNS} FROM songs WHERE id = ?`);
  const tagCounts = db.prepare(
    `SELECT t.value AS name, COUNT(*) AS count FROM songs, json_each(songs.tags) AS t
     GROUP BY t.value ORDER BY count DESC, name`,
  );
  const slots = db.prepare('SELECT slot FROM songs WHERE slot IS NOT NULL');
  const insert = db.prepare(
    `INSERT INTO songs (${SONG_INSERT_COLUMNS})
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (slot) DO NOTHING
     RETURNING ${COLUMNS}`,
  );
  return {
    async listSongs({ tag, keyword, page, pageSize }) {
      const where: string[] = [];
      const params: (string | number)[] = [];
      if (tag !== undefined) {
        // Tags match whole and case-insensitively: "EDM" finds "edm", "hip" finds nothing.
        where.push('EXISTS (SELECT 1 FROM json_each(songs.tags) WHERE lower(value) = lower(?))');
        params.push(tag);
      }
      if (keyword !== undefined) {
        // Tiny catalogue: a LIKE over title, Chinese title, tags and prompt finds CJK substrings
        // of any length (FTS5's tokenizers miss two-character Chinese words, see docs/STACK-NOTES.md#sqlite-fts5-and-chinese).
        where.push(
          `(title LIKE ? ESCAPE '\\' OR ifnull(title_zh, '') LIKE ? ESCAPE '\\'
            OR tags LIKE ? ESCAPE '\\' OR prompt LIKE ? ESCAPE '\\')`,
        );
        const pattern = likePattern(keyword);
        params.push(pattern, pattern, pattern, pattern);
      }
      const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const total = Number(
        db.prepare(`SELECT COUNT(*) AS n FROM songs ${clause}`).get(...params)?.n ?? 0,
      );
      const rows = db
        .prepare(`SELECT ${COLUMNS} FROM songs ${clause} ORDER BY id LIMIT ? OFFSET ?`)
        .all(...params, pageSize, (page - 1) * pageSize);
      return { records: rows.map(toRecord), total };
    },
    async findSong(id) {
      const row = byId.get(id);
      return row ? toRecord(row) : null;
    },
    async tagCounts() {
      return tagCounts.all().map((row) => ({ name: String(row.name), count: Number(row.count) }));
    },
    async filledSlots() {
      return new Set(slots.all().map((row) => Number(row.slot)));
    },
    async insertSong(song) {
      const row = insert.get(...songValues(song));
      return row ? toRecord(row) : null;
    },
  };
}
