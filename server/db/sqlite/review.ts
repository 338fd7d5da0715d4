import { transaction, type Database } from './database.ts';
import type { ReviewRepository } from '../../library/review/review.repository.ts';
import * as shared from '../rows/review.ts';
import { BUMP_EMBEDDINGS } from './library/analysis.ts';

/** SQLite implementation of the review queue's storage (docs/LIBRARY.md "Review findings"). */
export function sqliteReview(db: Database): ReviewRepository {
  const insert = db.prepare(
    `INSERT INTO review_findings (${shared.FINDING_INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)
     RETURNING id`,
  );
  const byPack = db.prepare(
    `SELECT ${shared.FINDING_COLUMNS} FROM review_findings WHERE pack_code = ? ORDER BY id`,
  );
  const byId = db.prepare(`SELECT ${shared.FINDING_COLUMNS} FROM review_findings WHERE id = ?`);
  const status = db.prepare(
    `UPDATE review_findings SET status = ?, updated_at = ? WHERE id = ?
     RETURNING ${shared.FINDING_COLUMNS}`,
  );
  const fields = db.prepare(`SELECT ${shared.SAMPLE_FIELD_COLUMNS} FROM samples WHERE id = ?`);
  const bump = db.prepare(BUMP_EMBEDDINGS);
  const insertAudit = db.prepare(shared.AUDIT_INSERT);
  return {
    async addFindings(findings) {
      return transaction(db, () =>
        findings.map((f) => Number(insert.get(...shared.findingValues(f))!.id)),
      );
    },
    async listFindings(packCode) {
      return byPack.all(packCode).map(shared.toFinding);
    },
    async findFinding(id) {
      const row = byId.get(id);
      return row ? shared.toFinding(row) : null;
    },
    async setStatus(id, to, at, audit) {
      return transaction(db, () => {
        const row = status.get(to, at, id);
        if (!row) return null;
        insertAudit.run(...shared.reviewAuditValues(id, audit));
        return shared.toFinding(row);
      });
    },
    async sampleFields(sampleId) {
      const row = fields.get(sampleId);
      return row ? shared.toSampleFields(row) : null;
    },
    async fixSample(findingId, sampleId, patch, at, audit) {
      const { columns, values } = shared.patchColumns(patch, (bytes) => bytes);
      transaction(db, () => {
        if (columns.length > 0)
          db.prepare(
            `UPDATE samples SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`,
          ).run(...values, sampleId);
        if (patch.embedding) bump.run();
        status.get('fixed', at, findingId);
        insertAudit.run(...shared.reviewAuditValues(findingId, audit));
      });
    },
  };
}
