import type { SQLOutputValue } from 'node:sqlite';
import { transaction, type Database } from './database.ts';
import type { OracleRepository, StoredPack, StoredSample } from '../oracle.repository.ts';
import { sqliteMusic } from './music.ts';
import { decodeEmbedding } from '../../library/sound-analysis.ts';
import type { MusicalKey, SampleKind } from '../../../src/shared/api/catalogue.types.ts';

type Row = Record<string, SQLOutputValue>;
const text = (value: SQLOutputValue | undefined): string => String(value ?? '');
const orNull = <T>(value: SQLOutputValue | undefined, as: (v: SQLOutputValue) => T): T | null =>
  value == null ? null : as(value);
const count = (row: Row | undefined): number => Number(row?.n ?? 0);

function toStoredSample(row: Row): StoredSample {
  return {
    id: Number(row.id),
    packCode: text(row.pack_code),
    nameEn: text(row.name_en),
    nameZh: text(row.name_zh),
    category: text(row.category),
    primaryName: text(row.primary_name),
    secondaryName: text(row.secondary_name),
    audioKey: orNull(row.audio_key, String) as StoredSample['audioKey'],
    bpm: orNull(row.bpm, Number),
    kind: text(row.kind) as StoredSample['kind'],
    format: text(row.format),
    mediaType: text(row.media_type),
    sampleRate: Number(row.sample_rate),
    channels: Number(row.channels),
    bitDepth: orNull(row.bit_depth, Number),
    sizeBytes: Number(row.size_bytes),
    duration: Number(row.duration),
    tags: JSON.parse(text(row.tags) || '[]') as string[],
    blobHash: text(row.blob_hash),
    fileName: text(row.file_name),
    auditionCode: orNull(row.audition_code, String),
    auditionHash: orNull(row.audition_hash, String),
    auditionVersion: orNull(row.audition_version, Number),
    peaks: row.peaks instanceof Uint8Array ? row.peaks : null,
    popularity: Number(row.popularity),
    createdAt: text(row.created_at),
    keySource: orNull(row.key_source, String) as StoredSample['keySource'],
    bpmSource: orNull(row.bpm_source, String) as StoredSample['bpmSource'],
    kindSource: text(row.kind_source) as StoredSample['kindSource'],
    analysis: storedAnalysis(row),
  };
}

/** The stored analysis columns of a sample row, or null when it has none yet. */
function storedAnalysis(row: Row): StoredSample['analysis'] {
  const embedding = decodeEmbedding(row.embedding as Uint8Array | null);
  if (!embedding) return null;
  return {
    detectedBpm: orNull(row.detected_bpm, Number),
    detectedKey: orNull(row.detected_key, String) as MusicalKey | null,
    detectedKind: text(row.detected_kind) as SampleKind,
    lufs: Number(row.lufs),
    truePeakDb: Number(row.true_peak_db),
    embedding,
  };
}

function toStoredPack(row: Row): StoredPack {
  return {
    code: text(row.code),
    nameEn: text(row.name_en),
    nameZh: text(row.name_zh),
    descriptionEn: text(row.description_en),
    descriptionZh: text(row.description_zh),
    brand: text(row.brand),
    brandZh: text(row.brand_zh),
    category: text(row.category),
    primaryName: text(row.primary_name),
    coverHash: orNull(row.cover_hash, String),
    tags: JSON.parse(text(row.tags) || '[]') as string[],
    popularity: Number(row.popularity),
    createdAt: text(row.created_at),
  };
}

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
