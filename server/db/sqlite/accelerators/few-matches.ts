import type { Database } from '../database.ts';
import type { ListRequest } from '../../../catalogue/catalogue.repository.ts';
import { ftsMatches, sampleConditions, scopeCondition, searchKey } from '../catalogue/query.ts';
import { ftsWordMatches, type PrefixExpander } from '../catalogue/search-text.ts';
import { nameTierTest } from './name-tier.ts';
import type { WordSets } from './word-sets.ts';
import { num } from '../../rows/values.ts';

/**
 * Up to how many matches a keyword search in popularity order or RELEVANCE is read whole, once
 * (`fewMatchReader`). A few pages' worth: their names are read and tested in code (~4 µs a row
 * at 1M rows), which pays while it spares FTS5 a second pass over an intersection of common
 * words (docs/DATABASE.md, "A full name").
 */
export const FEW_MATCHES = 300;

/** The exact total and one page of a list, read together. */
export interface FewMatchPage {
  total: number;
  ids: number[];
}

/**
 * Reads a keyword search's FTS match once when it has at most `limit` rows: the match listed in
 * search-key order (popularity, then id: migration 032) is its exact total and, in that order,
 * its MOST_POPULAR list; for RELEVANCE (docs/api/catalogue.md) each row's stored name is tested
 * for the keyword in code (`nameTierTest`), the name matches first, the others after, each still
 * in key order. Before, the count, the name tier and the other tier each made FTS5 intersect
 * the words' doclists again (a full name at 1M rows: ~4 ms a pass). Taken for a search in
 * RELEVANCE or popularity order with no filter outside the FTS index, and only for an
 * intersection (every one of several words, or a keyword with styles or tags): one word, or any
 * of several, FTS5 reads lazily and stops with the page, so listing its first rows first would
 * only add a read (`kick` at 100k rows: 0.3 → 0.4 ms). Answers null, for the caller to read the
 * match the usual way, for any other request, when the match has more rows, or when a name or
 * word holds characters the code's word rules are not certain of.
 */
export function fewMatchReader(
  db: Database,
  {
    limit = FEW_MATCHES,
    expand,
    sets,
  }: { limit?: number; expand?: PrefixExpander; sets?: WordSets | null } = {},
) {
  // Each key split in two: node:sqlite reads integers past 2^53 inexactly.
  const listed = db.prepare(`SELECT rowid >> 32 AS high, rowid & 4294967295 AS id FROM samples_fts
    WHERE samples_fts MATCH ? ORDER BY rowid LIMIT ?`);
  const keyed = db.prepare(`SELECT (${searchKey('popularity', 'id')}) >> 32 AS high, id
    FROM samples WHERE id IN (SELECT value FROM json_each(?)) ORDER BY high, id`);
  const named = db.prepare(`SELECT rowid & 4294967295 AS id, name FROM samples_fts
    WHERE rowid IN (SELECT (value ->> 0) << 32 | (value ->> 1) FROM json_each(?))`);
  return (request: ListRequest): FewMatchPage | null => {
    const { search } = request.filter;
    const sort = request.sort === 'RELEVANCE' || request.sort === 'MOST_POPULAR';
    if (search === undefined || !sort) return null;
    const others = [
      ...sampleConditions(request.filter, [], { withoutFts: true }),
      ...scopeCondition(request.scope, []),
    ];
    if (others.length > 0) return null;
    const matches = ftsMatches(request.filter, expand);
    const words = ftsWordMatches(search, expand);
    if (matches.length === 1 && (search.mode === 'any' || words.length < 2)) return null;
    const test = request.sort === 'RELEVANCE' ? nameTierTest(search, expand) : undefined;
    if (test === null) return null;
    // The intersection from the word sets when each part has one (sqlite/accelerators/word-sets.ts), put in
    // key order by the samples' popularity; else FTS5 walks it in key order itself.
    const [keyword, ...filters] = matches;
    const every = search.mode === 'all' && words.length > 0;
    const parts = [...(every ? words : [keyword!]), ...filters];
    const found = sets?.matchAll(parts, limit);
    if (found && found.length > limit) return null;
    const rows = found
      ? keyed.all(JSON.stringify(found))
      : listed.all(matches.map((match) => `(${match})`).join(' AND '), limit + 1);
    if (rows.length > limit) return null;
    const offset = (request.page - 1) * request.pageSize;
    const page = (ids: number[]) => ({
      total: ids.length,
      ids: ids.slice(offset, offset + request.pageSize),
    });
    const ids = rows.map((row) => num(row.id));
    if (!test || ids.length === 0) return page(ids);
    const names = new Map<number, string>();
    const keys = JSON.stringify(rows.map((row) => [num(row.high), num(row.id)]));
    for (const row of named.all(keys)) names.set(num(row.id), String(row.name ?? ''));
    const [first, rest]: [number[], number[]] = [[], []];
    for (const id of ids) {
      const name = names.get(id);
      const inName = name === undefined ? null : test(name);
      if (inName === null) return null;
      (inName ? first : rest).push(id);
    }
    return page([...first, ...rest]);
  };
}
