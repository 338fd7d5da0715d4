import type { AdminSample, SampleEdit } from '../../../src/shared/api/admin.types.ts';
import type { MusicalKey, SampleKind } from '../../../src/shared/api/catalogue.types.ts';
import type { Actor, SampleQuery } from '../../admin/admin.repository.ts';
import { audit, marks } from './admin-users.ts';
import { all, get, run, sampleChanged, type Program } from './steps.ts';
import { num, orNull, text, textList, type Row } from './values.ts';

/** The columns `toSample` reads. */
export const SAMPLE_COLUMNS =
  'id, pack_code, file_name, name_zh, name_en, bpm, audio_key, kind, tags';

/** Each editable field and its `samples` column; tags are stored as JSON text. */
const COLUMN: Record<keyof SampleEdit, string> = {
  nameZh: 'name_zh',
  nameEn: 'name_en',
  bpm: 'bpm',
  audioKey: 'audio_key',
  kind: 'kind',
  tags: 'tags',
};

/** A `samples` row as the samples screen shows it. */
export const toSample = (row: Row): AdminSample => ({
  id: num(row.id),
  packCode: text(row.pack_code),
  fileName: text(row.file_name),
  nameZh: text(row.name_zh),
  nameEn: text(row.name_en),
  bpm: orNull(row.bpm, num),
  audioKey: orNull(row.audio_key, text) as MusicalKey | null,
  kind: text(row.kind) as SampleKind,
  tags: textList(row.tags),
});

/** Samples of a pack and/or whose name contains the keyword, by id, and their total. */
export function* findSamples(
  query: SampleQuery,
): Program<{ records: AdminSample[]; total: number }> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (query.packCode) {
    conditions.push('pack_code = ?');
    params.push(query.packCode);
  }
  const keyword = query.keyword?.trim().toLowerCase();
  if (keyword) {
    // LIKE's own wildcards in the keyword are literal characters.
    const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(`(lower(name_en) LIKE ? ESCAPE '\\' OR name_zh LIKE ? ESCAPE '\\')`);
    params.push(pattern, pattern);
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const total = num((yield* get(`SELECT COUNT(*) AS n FROM samples ${where}`, params))?.n);
  const rows = yield* all(
    `SELECT ${SAMPLE_COLUMNS} FROM samples ${where} ORDER BY id LIMIT ? OFFSET ?`,
    [...params, query.limit, query.offset],
  );
  return { records: rows.map(toSample), total };
}

/** The fields of `sample` an edit names, as they are (the audit's before). */
const fieldsOf = (sample: AdminSample, edit: SampleEdit): SampleEdit =>
  Object.fromEntries(Object.keys(edit).map((field) => [field, sample[field as keyof SampleEdit]]));

/**
 * Applies one edit to each of `ids` with one audit row per sample (before → after of the fields
 * it names), all in the caller's transaction: false, and nothing changed, when an id is unknown.
 * A labelled tempo or key is the pack's word again (`*_source = 'pack'`, docs/LIBRARY.md).
 */
export function* editSamples(
  ids: readonly number[],
  edit: SampleEdit,
  actor: Actor,
): Program<AdminSample[] | null> {
  const unique = [...new Set(ids)];
  const rows = yield* all(
    `SELECT ${SAMPLE_COLUMNS} FROM samples WHERE id IN (${marks(unique)}) ORDER BY id`,
    unique,
  );
  if (rows.length !== unique.length) return null;
  const fields = Object.keys(edit) as (keyof SampleEdit)[];
  const sets = fields.map((field) => `${COLUMN[field]} = ?`);
  const values = fields.map((field) =>
    field === 'tags' ? JSON.stringify(edit.tags) : (edit[field] as string | number | null),
  );
  if (edit.bpm !== undefined) sets.push(`bpm_source = 'pack'`);
  if (edit.audioKey !== undefined) sets.push(`key_source = 'pack'`);
  const after: AdminSample[] = [];
  for (const sample of rows.map(toSample)) {
    yield* run(`UPDATE samples SET ${sets.join(', ')} WHERE id = ?`, [...values, sample.id]);
    if (edit.nameEn !== undefined || edit.nameZh !== undefined || edit.tags !== undefined)
      yield* sampleChanged(sample.id);
    yield* audit(actor, 'sample.update', `sample:${sample.id}`, fieldsOf(sample, edit), edit);
    after.push({ ...sample, ...edit });
  }
  return after;
}
