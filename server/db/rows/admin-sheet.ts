import type { AdminSample, SampleEdit } from '../../../src/shared/api/admin.types.ts';
import type { Actor, SheetEdit, SheetPageQuery } from '../../admin/admin.repository.ts';
import { marks } from './admin-users.ts';
import { editSamples, SAMPLE_COLUMNS, toSample } from './admin-samples.ts';
import { all, type Program } from './steps.ts';

/** Ids per `IN (…)` list: well under either engine's limit of bound parameters. */
const CHUNK = 500;

/** A page of the spreadsheet export: samples after `afterId` by id, a pack's or all. */
export function* sheetSamples(query: SheetPageQuery): Program<AdminSample[]> {
  const byPack = query.packCode !== undefined;
  const rows = yield* all(
    `SELECT ${SAMPLE_COLUMNS} FROM samples WHERE id > ?${byPack ? ' AND pack_code = ?' : ''}
      ORDER BY id LIMIT ?`,
    byPack ? [query.afterId, query.packCode, query.limit] : [query.afterId, query.limit],
  );
  return rows.map(toSample);
}

/** The samples of `ids` that exist, by id. */
export function* samplesByIds(ids: readonly number[]): Program<AdminSample[]> {
  const found: AdminSample[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const rows = yield* all(
      `SELECT ${SAMPLE_COLUMNS} FROM samples WHERE id IN (${marks(chunk)}) ORDER BY id`,
      chunk,
    );
    found.push(...rows.map(toSample));
  }
  return found;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Applies a spreadsheet's edits, all or none, in the caller's transaction: first every sample's
 * fields are compared with the `before` the preview read (any difference, or a sample gone, and
 * nothing is written: the ids answered as stale); then each edit goes through `editSamples`, the
 * samples screen's own path (search text, `*_source`, one `sample.update` audit row per sample).
 */
export function* applySheet(
  edits: readonly SheetEdit[],
  actor: Actor,
): Program<{ ok: true } | { ok: false; stale: number[] }> {
  const current = new Map(
    (yield* samplesByIds(edits.map((edit) => edit.id))).map((sample) => [sample.id, sample]),
  );
  const stale = edits
    .filter(({ id, before }) => {
      const sample = current.get(id);
      return (
        !sample ||
        Object.entries(before).some(
          ([field, value]) => !same(sample[field as keyof SampleEdit], value),
        )
      );
    })
    .map((edit) => edit.id);
  if (stale.length > 0) return { ok: false, stale };
  for (const { id, edit } of edits) yield* editSamples([id], edit, actor);
  return { ok: true };
}
