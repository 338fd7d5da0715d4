import type { MusicRepository } from '../../music/music.repository.ts';
import { COLUMNS, likePattern, SONG_INSERT_COLUMNS, songValues, toRecord } from '../rows/music.ts';
import { withTransaction, type PgPool } from './database.ts';

/** PostgreSQL implementation of the music repository. */
export function postgresMusic(pool: PgPool): MusicRepository {
  return {
    async listSongs({ tag, keyword, page, pageSize }) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (tag !== undefined) {
        // Tags match whole and case-insensitively: "EDM" finds "edm", "hip" finds nothing.
        params.push(tag);
        where.push(
          `EXISTS (SELECT 1 FROM jsonb_array_elements_text(songs.tags::jsonb) AS t(value)
                   WHERE lower(t.value) = lower($${params.length}))`,
        );
      }
      if (keyword !== undefined) {
        // SQLite's LIKE ignores the case of ASCII letters only; ILIKE folds every letter, which
        // only differs for non-ASCII letters of other cases (docs/DATABASE.md, "Search").
        params.push(likePattern(keyword));
        const p = `$${params.length}`;
        where.push(
          `(title ILIKE ${p} OR coalesce(title_zh, '') ILIKE ${p} OR tags ILIKE ${p} OR prompt ILIKE ${p})`,
        );
      }
      const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const total = Number(
        (await pool.query(`SELECT COUNT(*) AS n FROM songs ${clause}`, params)).rows[0]?.n ?? 0,
      );
      const rows = (
        await pool.query(
          `SELECT ${COLUMNS} FROM songs ${clause} ORDER BY id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, pageSize, (page - 1) * pageSize],
        )
      ).rows;
      return { records: rows.map(toRecord), total };
    },
    async findSong(id) {
      const row = (await pool.query(`SELECT ${COLUMNS} FROM songs WHERE id = $1`, [id])).rows[0];
      return row ? toRecord(row) : null;
    },
    async tagCounts() {
      const { rows } = await pool.query(
        `SELECT t.value AS name, COUNT(*) AS count
         FROM songs, jsonb_array_elements_text(songs.tags::jsonb) AS t(value)
         GROUP BY t.value ORDER BY COUNT(*) DESC, t.value COLLATE "C"`,
      );
      return rows.map((row) => ({ name: String(row.name), count: Number(row.count) }));
    },
    async filledSlots() {
      const { rows } = await pool.query('SELECT slot FROM songs WHERE slot IS NOT NULL');
      return new Set(rows.map((row) => Number(row.slot)));
    },
    async insertSong(song) {
      return withTransaction(pool, async (db) => {
        // Taken in turn, and a filled slot checked before the insert: a conflicting insert would
        // spend an identity value and later songs would get other ids than on SQLite.
        await db.query('LOCK TABLE songs IN SHARE ROW EXCLUSIVE MODE');
        if (song.slot !== null) {
          const taken = await db.query('SELECT 1 FROM songs WHERE slot = $1', [song.slot]);
          if ((taken.rowCount ?? 0) > 0) return null;
        }
        const row = (
          await db.query(
            `INSERT INTO songs (${SONG_INSERT_COLUMNS})
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
             RETURNING ${COLUMNS}`,
            songValues(song),
          )
        ).rows[0];
        return row ? toRecord(row) : null;
      });
    },
  };
}
