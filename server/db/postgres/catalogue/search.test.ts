import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { keywordSearch } from '../../../catalogue/cjk-text.ts';
import { postgresCatalogue } from './adapter.ts';
import { cjkPairs, searchText, wordQuery } from './search-text.ts';
import { searchWords } from '../../search-words.ts';
import { seedIfEmpty } from '../../../library/seed-library.ts';
import { seededPostgresPerFile } from '../testing/seeded-postgres.ts';
import { listRequest } from '../../testing/list-request.ts';

// The PostgreSQL search's CJK pairs and RELEVANCE tiers (docs/DATABASE.md "Search").

describe('CJK pairs (postgres/catalogue/search-text.ts)', () => {
  it('pairs adjacent one-character CJK words only', () => {
    expect(cjkPairs(searchWords('古筝刮奏'))).toEqual(['古筝', '筝刮', '刮奏']);
    expect(cjkPairs(searchWords('古筝 loop 琵琶'))).toEqual(['古筝', '琵琶']);
    expect(cjkPairs(searchWords('古 2 筝'))).toEqual([]);
    expect(cjkPairs(searchWords('kick bass'))).toEqual([]);
    expect(cjkPairs(searchWords('キック'))).toEqual(['キッ', 'ック']);
  });

  it('asks a two-character CJK word by its pair, longer ones by the phrase and every pair', () => {
    expect(wordQuery('古筝')).toBe("'古筝'");
    expect(wordQuery('古筝刮')).toBe("(('古' <-> '筝' <-> '刮') & '古筝' & '筝刮')");
    expect(wordQuery('古')).toBe("'古'");
  });

  it('keeps the phrase for words mixing CJK with Latin or digits, prefixes for Latin', () => {
    expect(wordQuery('古筝2')).toBe("('古' <-> '筝' <-> '2')");
    expect(wordQuery('a古')).toBe("('a' <-> '古')");
    expect(wordQuery('kick')).toBe("'kick':*");
    expect(wordQuery('hi-hat')).toBe("('hi' <-> 'hat':*)");
    expect(wordQuery('--')).toBeNull();
  });
});

let pool: pg.Pool;

seededPostgresPerFile(
  (seeded) => seedIfEmpty(seeded, 'tiny'),
  (storage) => ({ pool } = storage),
);

const relevance = (keyword: string) =>
  listRequest({ search: keywordSearch(keyword)! }, { sort: 'RELEVANCE', pageSize: 10 });

describe('PostgreSQL search rows', () => {
  it('stores the pairs yinku_cjk_pairs() builds as cjkPairs() does', async () => {
    const texts = ['古筝刮奏', '古筝 loop 琵琶 a', '古 2 筝', 'kick bass', 'キック', ''];
    for (const text of texts) {
      const { rows } = await pool.query('SELECT yinku_cjk_pairs($1) AS pairs', [searchText(text)]);
      expect(rows[0].pairs, text).toBe(cjkPairs(searchWords(text)).join(' '));
    }
  });

  it("keeps each search row's popularity equal to its sample's (trigger on downloads)", async () => {
    const catalogue = postgresCatalogue(pool);
    // The Latin word most names hold, so a page holds both tiers' rows or a full name tier.
    const word = String(
      (
        await pool.query(
          `SELECT word FROM ts_stat('SELECT name_document FROM sample_search')
           WHERE word ~ '^[a-z]{3,}$' ORDER BY ndoc DESC, word LIMIT 1`,
        )
      ).rows[0].word,
    );
    const before = (await catalogue.listSamples(relevance(word))).rows.map((row) => row.id);
    const inName = async (id: number) =>
      (
        await pool.query(
          "SELECT name_document @@ ($2 || ':*')::tsquery AS yes FROM sample_search WHERE sample_id = $1",
          [id, word],
        )
      ).rows[0].yes as boolean;
    const tiers = await Promise.all(before.map(inName));
    // A tier with two rows or more on the page: its last row is lifted above its first.
    const tier = tiers.filter(Boolean).length >= 2;
    const inTier = before.filter((_, i) => tiers[i] === tier);
    expect(inTier.length).toBeGreaterThanOrEqual(2);
    const [first, last] = [inTier[0]!, inTier.at(-1)!];
    const popularity = async (id: number) =>
      Number(
        (await pool.query('SELECT popularity FROM samples WHERE id = $1', [id])).rows[0].popularity,
      );
    // What downloads do (`popularity = popularity + 1`), many times over.
    await pool.query('UPDATE samples SET popularity = popularity + $2 WHERE id = $1', [
      last,
      (await popularity(first)) - (await popularity(last)) + 1,
    ]);
    const { rows } = await pool.query(
      'SELECT q.popularity = s.popularity AS same FROM sample_search q JOIN samples s ON s.id = q.sample_id WHERE s.id = $1',
      [last],
    );
    expect(rows[0].same).toBe(true);
    const after = (await catalogue.listSamples(relevance(word))).rows.map((row) => row.id);
    expect(after.indexOf(last)).toBe(before.indexOf(first));
    expect(after.indexOf(first)).toBe(before.indexOf(first) + 1);
  });
});
