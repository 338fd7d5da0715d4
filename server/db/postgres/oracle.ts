import type { OracleRepository, StoredPack, StoredSample } from '../oracle.repository.ts';
import { withTransaction, type PgPool } from './database.ts';
import { postgresMusic } from './music.ts';
import { decodeEmbedding } from '../../library/sound-analysis.ts';
import type { MusicalKey, SampleKind } from '../../../src/shared/api/catalogue.types.ts';

type Row = Record<string, unknown>;
const text = (value: unknown): string => String(value ?? '');
const orNull = <T>(value: unknown, as: (v: unknown) => T): T | null =>
  value == null ? null : as(value);
const count = (rows: Row[]): number => Number(rows[0]?.n ?? 0);

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
    peaks: row.peaks instanceof Uint8Array ? new Uint8Array(row.peaks) : null,
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
