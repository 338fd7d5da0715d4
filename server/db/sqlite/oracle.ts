import { transaction, type Database } from './database.ts';
import type { OracleRepository } from '../oracle.repository.ts';
import { sqliteMusic } from './music.ts';
import { toStoredPack, toStoredSample } from '../rows/oracle.ts';
import { num, orNull, text, type Row } from '../rows/values.ts';

const count = (row: Row | undefined): number => num(row?.n);

/** SQLite implementation of the test oracle. */
export function sqliteOracle(db: Database): OracleRepository {
  const music = sqliteMusic(db);
  return {
    async samples() {
      return db.prepare('SELECT * FROM samples ORDER BY id').all().map(toStoredSample);
    },
    async packs() {
      return db
        .prepare(
          `SELECT p.*, b.name AS brand, b.name_zh AS brand_zh
           FROM packs p JOIN brands b ON b.id = p.brand_id ORDER BY p.code`,
        )
        .all()
        .map(toStoredPack);
    },
    async brands() {
      return db
        .prepare('SELECT name, name_zh FROM brands ORDER BY name')
        .all()
        .map((row) => ({ name: text(row.name), nameZh: text(row.name_zh) }));
    },
    async searchIndexSize() {
      return count(db.prepare('SELECT count(*) AS n FROM samples_fts').get());
    },
    async songs() {
      const slots = db
        .prepare('SELECT id FROM songs ORDER BY slot')
        .all()
        .map((row) => Number(row.id));
      const songs = await Promise.all(slots.map((id) => music.findSong(id)));
      return songs.filter((song) => song !== null);
    },
    async downloadQuota(userId) {
      const row = db.prepare('SELECT download_quota FROM users WHERE id = ?').get(userId);
      if (!row) return undefined;
      return orNull(row.download_quota, Number);
    },
    async setDownloadQuota(userId, quota) {
      db.prepare('UPDATE users SET download_quota = ? WHERE id = ?').run(quota, userId);
    },
    async refreshTokensStoredAs(value) {
      return count(
        db.prepare('SELECT COUNT(*) AS n FROM refresh_tokens WHERE token_hash = ?').get(value),
      );
    },
    async clientKeyCount(userId) {
      return count(
        db.prepare('SELECT COUNT(*) AS n FROM client_keys WHERE user_id = ?').get(userId),
      );
    },
    async emailCodeCount() {
      return count(db.prepare('SELECT COUNT(*) AS n FROM email_codes').get());
    },
    async downloadGrants(userId) {
      return db
        .prepare('SELECT sample_id, status FROM download_grants WHERE user_id = ? ORDER BY rowid')
        .all(userId)
        .map((row) => ({ sampleId: Number(row.sample_id), status: text(row.status) }));
    },
    async revokeRole(userId, role) {
      db.prepare('DELETE FROM user_roles WHERE user_id = ? AND role_code = ?').run(userId, role);
    },
    async setSampleBlob(sampleId, blobHash) {
      db.prepare('UPDATE samples SET blob_hash = ? WHERE id = ?').run(blobHash, sampleId);
    },
    async deleteSamples(ids) {
      transaction(db, () => {
        const list = JSON.stringify(ids);
        // Their search rows go with them (a trigger of migration 032).
        db.prepare('DELETE FROM samples WHERE id IN (SELECT value FROM json_each(?))').run(list);
      });
    },
    async integrityProblems() {
      return db
        .prepare('PRAGMA integrity_check')
        .all()
        .map((row) => text(row.integrity_check))
        .filter((line) => line !== 'ok');
    },
  };
}
