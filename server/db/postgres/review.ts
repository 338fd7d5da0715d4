import { withTransaction, type PgPool } from './database.ts';
import type { ReviewRepository } from '../../library/review/review.repository.ts';
import * as shared from '../rows/review.ts';
import { numberPlaceholders } from '../rows/steps.ts';
import { BUMP_EMBEDDINGS, toBuffer } from './library/analysis.ts';

/** PostgreSQL implementation of the review queue's storage (docs/LIBRARY.md "Review findings"). */
export function postgresReview(pool: PgPool): ReviewRepository {
  const setStatus = `UPDATE review_findings SET status = $1, updated_at = $2 WHERE id = $3
    RETURNING ${shared.FINDING_COLUMNS}`;
  const insertAudit = numberPlaceholders(shared.AUDIT_INSERT);
  return {
    async addFindings(findings) {
      return withTransaction(pool, async (db) => {
        const ids: number[] = [];
        for (const f of findings) {
          const { rows } = await db.query(
            `INSERT INTO review_findings (${shared.FINDING_INSERT_COLUMNS})
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
            shared.findingValues(f),
          );
          ids.push(Number(rows[0]!.id));
        }
        return ids;
      });
    },
    async listFindings(packCode) {
      const { rows } = await pool.query(
        `SELECT ${shared.FINDING_COLUMNS} FROM review_findings WHERE pack_code = $1 ORDER BY id`,
        [packCode],
      );
      return rows.map(shared.toFinding);
    },
    async findFinding(id) {
      const { rows } = await pool.query(
        `SELECT ${shared.FINDING_COLUMNS} FROM review_findings WHERE id = $1`,
        [id],
      );
      return rows[0] ? shared.toFinding(rows[0]) : null;
    },
    async setStatus(id, to, at, audit) {
      return withTransaction(pool, async (db) => {
        const { rows } = await db.query(setStatus, [to, at, id]);
        if (!rows[0]) return null;
        await db.query(insertAudit, shared.reviewAuditValues(id, audit));
        return shared.toFinding(rows[0]);
      });
    },
    async sampleFields(sampleId) {
      const { rows } = await pool.query(
        `SELECT ${shared.SAMPLE_FIELD_COLUMNS} FROM samples WHERE id = $1`,
        [sampleId],
      );
      return rows[0] ? shared.toSampleFields(rows[0]) : null;
    },
    async fixSample(findingId, sampleId, patch, at, audit) {
      const { columns, values } = shared.patchColumns(patch, toBuffer);
      await withTransaction(pool, async (db) => {
        if (columns.length > 0)
          await db.query(
            `UPDATE samples SET ${columns.map((c, i) => `${c} = $${i + 1}`).join(', ')}
             WHERE id = $${columns.length + 1}`,
            [...values, sampleId],
          );
        if (patch.embedding) await db.query(BUMP_EMBEDDINGS);
        await db.query(setStatus, ['fixed', at, findingId]);
        await db.query(insertAudit, shared.reviewAuditValues(findingId, audit));
      });
    },
  };
}
