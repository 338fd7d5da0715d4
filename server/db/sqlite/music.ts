import type { Database } from './database.ts';
import type { MusicRepository, SongRecord } from '../../music/music.repository.ts';

const COLUMNS =
  'id, slot, title, title_zh, tags, prompt, duration, blob_hash, media_type, cover_hash, created_at';

function toRecord(row: Record<string, unknown>): SongRecord {
  return {
    id: Number(row.id),
    slot: row.slot === null ? null : Number(row.slot),
    title: String(row.title),
    titleZh: row.title_zh === null ? null : String(row.title_zh),
    tags: JSON.parse(String(row.tags)) as string[],
    prompt: String(row.prompt),
    duration: Number(row.duration),
    blobHash: String(row.blob_hash),
    mediaType: String(row.media_type),
    coverHash: String(row.cover_hash),
    createdAt: String(row.created_at),
  };
}

/** `%`, `_` and `\` typed by a user are literal characters, not LIKE wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SQLite implementation of the music repository. */
export function sqliteMusic(db: Database): MusicRepository {
  const byId = db.prepare(`SELECT ${COLUMNS} FROM songs WHERE id = ?`);
  const tagCounts = db.prepare(
    `SELECT t.value AS name, COUNT(*) AS count FROM songs, json_each(songs.tags) AS t
     GROUP BY t.value ORDER BY count DESC, name`,
  );
  const slots = db.prepare('SELECT slot FROM songs WHERE slot IS NOT NULL');
  const insert = db.prepare(
    `INSERT INTO songs (slot, title, title_zh, tags, prompt, duration, blob_hash, media_type,
       cover_hash, created_at)
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
      const row = insert.get(
        song.slot,
        song.title,
        song.titleZh,
        JSON.stringify(song.tags),
        song.prompt,
        song.duration,
        song.blobHash,
        song.mediaType,
        song.coverHash,
        song.createdAt,
      );
      return row ? toRecord(row) : null;
    },
  };
}
