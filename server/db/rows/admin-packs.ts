import {
  PACK_EDIT_FIELDS,
  type AdminPack,
  type PackEdit,
} from '../../../src/shared/api/admin-pack.types.ts';
import type { Category } from '../../../src/shared/api/catalogue.types.ts';
import type { Actor, PackDeleteOutcome } from '../../admin/admin.repository.ts';
import { audit } from './admin-users.ts';
import { all, get, packChanged, run, type Program } from './steps.ts';
import { num, orNull, text, textList } from './values.ts';

// The Packs screen's programs (docs/ADMIN.md "Packs"): read, edit, publish, cover, delete; each
// change and its audit row in one transaction of either engine.

/** The pack as the screen shows it, or null. */
export function* readPack(code: string): Program<AdminPack | null> {
  const row = yield* get(
    `SELECT p.code, p.name_zh, p.name_en, b.name AS brand, p.category, p.primary_name,
            p.description_zh, p.description_en, p.tags, p.published, p.cover_hash, p.cover_type,
            (SELECT COUNT(*) FROM samples s WHERE s.pack_code = p.code) AS sample_count,
            (SELECT COUNT(DISTINCT a.user_id) FROM acquisitions a JOIN samples s ON s.id = a.sample_id
              WHERE s.pack_code = p.code) AS acquired_by
     FROM packs p JOIN brands b ON b.id = p.brand_id WHERE p.code = ?`,
    [code],
  );
  if (!row) return null;
  const secondaries = yield* all(
    'SELECT DISTINCT secondary_name FROM samples WHERE pack_code = ? ORDER BY secondary_name',
    [code],
  );
  return {
    code: text(row.code),
    nameZh: text(row.name_zh),
    nameEn: text(row.name_en),
    brand: text(row.brand),
    category: text(row.category) as Category,
    primaryName: text(row.primary_name),
    secondaryNames: secondaries.map((r) => text(r.secondary_name)),
    descriptionZh: text(row.description_zh),
    descriptionEn: text(row.description_en),
    tags: textList(row.tags),
    published: num(row.published) === 1,
    sampleCount: num(row.sample_count),
    acquiredBy: num(row.acquired_by),
    coverType: row.cover_hash == null ? null : orNull(row.cover_type, text),
  };
}

/** The fields of `pack` an edit names, as they are (the audit's before). */
function fieldsOf(pack: AdminPack, edit: PackEdit): PackEdit {
  const now: Record<string, unknown> = { ...pack, secondaryName: pack.secondaryNames.join(', ') };
  return Object.fromEntries(
    PACK_EDIT_FIELDS.filter((f) => edit[f] !== undefined).map((f) => [f, now[f]]),
  );
}

/** The row id of brand `name`, made (its Chinese name the same) when it is new. */
function* brandId(name: string): Program<number> {
  const found = yield* get('SELECT id FROM brands WHERE name = ?', [name]);
  if (found) return num(found.id);
  yield* run('INSERT INTO brands (name, name_zh) VALUES (?, ?)', [name, name]);
  return num((yield* get('SELECT id FROM brands WHERE name = ?', [name]))?.id);
}

/** Pack columns of the plain fields. */
const PACK_COLUMN = {
  nameZh: 'name_zh',
  nameEn: 'name_en',
  descriptionZh: 'description_zh',
  descriptionEn: 'description_en',
  category: 'category',
  primaryName: 'primary_name',
} as const;

/**
 * Applies an edit to pack `code` with one audit row (before → after of the fields it names):
 * null, and nothing changed, when there is no such pack. Its samples follow its category and
 * primary name (and take the secondary name when given); their search rows are rewritten.
 */
export function* editPack(code: string, edit: PackEdit, actor: Actor): Program<AdminPack | null> {
  const before = yield* readPack(code);
  if (!before) return null;
  const sets: string[] = [];
  const values: unknown[] = [];
  for (const [field, column] of Object.entries(PACK_COLUMN)) {
    const value = edit[field as keyof typeof PACK_COLUMN];
    if (value === undefined) continue;
    sets.push(`${column} = ?`);
    values.push(value);
  }
  if (edit.tags !== undefined) {
    sets.push('tags = ?');
    values.push(JSON.stringify(edit.tags));
  }
  if (edit.published !== undefined) {
    sets.push('published = ?');
    values.push(edit.published ? 1 : 0);
  }
  if (edit.brand !== undefined) {
    sets.push('brand_id = ?');
    values.push(yield* brandId(edit.brand));
  }
  if (sets.length > 0)
    yield* run(`UPDATE packs SET ${sets.join(', ')} WHERE code = ?`, [...values, code]);
  const category = edit.category ?? before.category;
  const primary = edit.primaryName ?? before.primaryName;
  if (edit.category !== undefined || edit.primaryName !== undefined || edit.secondaryName) {
    // The category tree lists only names it knows (as the importer adds them).
    const names = ['', ...(edit.secondaryName ? [edit.secondaryName] : before.secondaryNames)];
    for (const secondary of names)
      yield* run(
        `INSERT INTO taxonomy (category, primary_name, secondary_name, name_zh, position)
         VALUES (?, ?, ?, ?, 10000) ON CONFLICT DO NOTHING`,
        [category, primary, secondary, secondary || primary],
      );
    const secondary = edit.secondaryName ? ', secondary_name = ?' : '';
    yield* run(
      `UPDATE samples SET category = ?, primary_name = ?${secondary} WHERE pack_code = ?`,
      [category, primary, ...(edit.secondaryName ? [edit.secondaryName] : []), code],
    );
  }
  yield* packChanged(code);
  yield* audit(actor, 'pack.update', `pack:${code}`, fieldsOf(before, edit), edit);
  return yield* readPack(code);
}

/** Sets pack `code`'s cover (a stored blob) with its audit row; false when there is no such pack. */
export function* setPackCover(
  code: string,
  cover: { hash: string; mediaType: string },
  actor: Actor,
): Program<boolean> {
  const before = yield* get('SELECT cover_hash, cover_type FROM packs WHERE code = ?', [code]);
  if (!before) return false;
  yield* run('UPDATE packs SET cover_hash = ?, cover_type = ? WHERE code = ?', [
    cover.hash,
    cover.mediaType,
    code,
  ]);
  yield* audit(
    actor,
    'pack.cover',
    `pack:${code}`,
    { coverHash: before.cover_hash ?? null, coverType: before.cover_type ?? null },
    { coverHash: cover.hash, coverType: cover.mediaType },
  );
  return true;
}

/**
 * Deletes pack `code` with its samples, their findings, likes and search rows (the schema's
 * cascades), and an audit row; refused while anyone holds one of its samples (docs/ADMIN.md).
 */
export function* deletePack(code: string, actor: Actor): Program<PackDeleteOutcome> {
  const before = yield* readPack(code);
  if (!before) return 'missing';
  if (before.acquiredBy > 0) return 'acquired';
  yield* run('DELETE FROM review_findings WHERE pack_code = ?', [code]);
  yield* run('DELETE FROM samples WHERE pack_code = ?', [code]);
  yield* run('DELETE FROM packs WHERE code = ?', [code]);
  yield* packChanged(code);
  const { acquiredBy: _, ...kept } = before;
  yield* audit(actor, 'pack.delete', `pack:${code}`, kept, null);
  return 'deleted';
}

/** The search-row texts of every sample of pack `?`, read by each engine's packChanged step. */
export const PACK_SEARCH_ROWS = `
  SELECT s.id, s.popularity, b.name AS brand, b.name_zh AS brand_zh, p.name_en AS pack_en,
         p.name_zh AS pack_zh, s.primary_name, tp.name_zh AS primary_zh, s.secondary_name,
         ts.name_zh AS secondary_zh
  FROM samples s JOIN packs p ON p.code = s.pack_code JOIN brands b ON b.id = p.brand_id
  LEFT JOIN taxonomy tp ON tp.category = s.category AND tp.primary_name = s.primary_name
    AND tp.secondary_name = ''
  LEFT JOIN taxonomy ts ON ts.category = s.category AND ts.primary_name = s.primary_name
    AND ts.secondary_name = s.secondary_name
  WHERE s.pack_code = ?`;

/** "English Chinese" of a name pair, once when they are the same (as the library writes them). */
const both = (en: unknown, zh: unknown): string => {
  const a = text(en);
  const b = zh == null ? a : text(zh);
  return a === b ? a : `${a} ${b}`;
};

/** A PACK_SEARCH_ROWS row's texts for the brand, pack, type and group columns of its search row. */
export const packSearchText = (
  row: Record<string, unknown>,
): { brand: string; pack: string; type: string; grp: string } => ({
  brand: both(row.brand, row.brand_zh),
  pack: both(row.pack_en, row.pack_zh),
  type: both(row.primary_name, row.primary_zh),
  grp: both(row.secondary_name, row.secondary_zh),
});
