import type { OracleRepository } from '../oracle.repository.ts';
import { withTransaction, type PgPool } from './database.ts';
import { postgresMusic } from './music.ts';
import { toStoredPack, toStoredSample } from '../rows/oracle.ts';
import { num, orNull, text, type Row } from '../rows/values.ts';

const count = (rows: Row[]): number => num(rows[0]?.n);

/** PostgreSQL implementation of the test oracle (the same reads as SQLite's, same orders). */
export function postgresOracle(pool: PgPool): OracleRepository {
  const music = postgresMusic(pool);
  const rows = async (sql: string, params: unknown[] = []): Promise<Row[]> =>
    (await pool.query(sql, params)).rows as Row[];
  return {
    async samples() {
      return (await rows('SELECT * FROM samples ORDER BY id')).map(toStoredSample);
    },
    async packs() {
      return (
        await rows(
          `SELECT p.*, b.name AS brand, b.name_zh AS brand_zh
           FROM packs p JOIN brands b ON b.id = p.brand_id ORDER BY p.code`,
        )
      ).map(toStoredPack);
    },
    async brands() {
      return (await rows('SELECT name, name_zh FROM brands ORDER BY name COLLATE "C"')).map(
        (row) => ({ name: text(row.name), nameZh: text(row.name_zh) }),
      );
    },
    async searchIndexSize() {
      return count(await rows('SELECT count(*) AS n FROM sample_search'));
    },
    async songs() {
      const ids = (await rows('SELECT id FROM songs ORDER BY slot')).map((row) => Number(row.id));
      const songs = await Promise.all(ids.map((id) => music.findSong(id)));
      return songs.filter((song) => song !== null);
    },
    async downloadQuota(userId) {
      const [row] = await rows('SELECT download_quota FROM users WHERE id = $1', [userId]);
      if (!row) return undefined;
      return orNull(row.download_quota, Number);
    },
    async setDownloadQuota(userId, quota) {
      await pool.query('UPDATE users SET download_quota = $1 WHERE id = $2', [quota, userId]);
    },
    async refreshTokensStoredAs(value) {
      return count(
        await rows('SELECT COUNT(*) AS n FROM refresh_tokens WHERE token_hash = $1', [value]),
      );
    },
    async clientKeyCount(userId) {
      return count(
        await rows('SELECT COUNT(*) AS n FROM client_keys WHERE user_id = $1', [userId]),
      );
    },
    async emailCodeCount() {
      return count(await rows('SELECT COUNT(*) AS n FROM email_codes'));
    },
    async downloadGrants(userId) {
      return (
        await rows('SELECT sample_id, status FROM download_grants WHERE user_id = $1 ORDER BY id', [
          userId,
        ])
      ).map((row) => ({ sampleId: Number(row.sample_id), status: text(row.status) }));
    },
    async revokeRole(userId, role) {
      await pool.query('DELETE FROM user_roles WHERE user_id = $1 AND role_code = $2', [
        userId,
        role,
      ]);
    },
    async setSampleBlob(sampleId, blobHash) {
      await pool.query('UPDATE samples SET blob_hash = $1 WHERE id = $2', [blobHash, sampleId]);
    },
    async deleteSamples(ids) {
      await withTransaction(pool, async (db) => {
        // Search rows go with their samples (ON DELETE CASCADE), as SQLite's FTS rows are deleted.
        await db.query('DELETE FROM samples WHERE id = ANY($1::int[])', [[...ids]]);
      });
    },
    async integrityProblems() {
      // Constraints keep the tables consistent; what they cannot see is a sample without its
      // search row (or one left behind), or a quota spent below zero.
      const problems: string[] = [];
      const [unindexed] = await rows(
        `SELECT count(*) AS n FROM samples s
         WHERE NOT EXISTS (SELECT 1 FROM sample_search q WHERE q.sample_id = s.id)`,
      );
      if (Number(unindexed?.n) > 0) problems.push(`${unindexed!.n} samples without a search row`);
      const [negative] = await rows('SELECT count(*) AS n FROM users WHERE download_quota < 0');
      if (Number(negative?.n) > 0) problems.push(`${negative!.n} users with a negative quota`);
      return problems;
    },
  };
}
