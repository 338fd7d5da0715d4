import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { keywordSearch } from '../../../catalogue/cjk-text.ts';
import type { SearchSort } from '../../../../src/shared/api/catalogue.types.ts';
import { correctKeyword, Vocabulary } from '../../../catalogue/search-vocabulary.ts';
import type { AppContext } from '../../../context.ts';
import { keywordMatch, keywordQuery, Params } from '../catalogue/query.ts';
import { wordQuery } from '../catalogue/search-text.ts';
import { MAX_PREFIX_EXPANSION_AMONG_WORDS, withPrefixWords } from './trigram-vocabulary.ts';
import { MAX_PREFIX_EXPANSION } from '../../prefix-expansion.ts';
import { seedPlan } from '../../../library/seed-samples.ts';
import { planLibrary } from '../../../library/demo/library-plan.ts';
import { openRenderCache } from '../../../library/render-cache.ts';
import { seededPostgresPerFile } from '../testing/seeded-postgres.ts';
import { listRequest } from '../../testing/list-request.ts';

// The vocabulary PostgreSQL keeps (migration 035) and the prefixes spelled out from it
// (docs/DATABASE.md "Search").

describe('a prefix asked as its exact words (postgres/catalogue/search-text.ts)', () => {
  const words = (prefix: string) => ({ kic: ['kick', 'kicks'], sna: ['snare'] })[prefix] ?? null;

  it('is the OR of the words, the word alone, or the prefix when it has none', () => {
    expect(wordQuery('Kic', words)).toBe("('kick' | 'kicks')");
    expect(wordQuery('sna', words)).toBe("'snare'");
    expect(wordQuery('hat', words)).toBe("'hat':*");
    // A word punctuation splits stays a phrase ending in a prefix.
    expect(wordQuery('hi-kic', words)).toBe("('hi' <-> 'kic':*)");
  });

  it('asks each required word as its own condition (a GIN key of its own)', () => {
    const match = (words: string[], mode: 'all' | 'any') => {
      const params = new Params();
      const sql = keywordMatch('q.document', keywordQuery({ words, mode })!, params);
      return { sql, values: params.values };
    };
    expect(match(['kick', '808'], 'all')).toEqual({
      sql: 'q.document @@ $1::tsquery AND q.document @@ $2::tsquery',
      values: ["'kick':*", "'808':*"],
    });
    expect(match(['kick', '808'], 'any')).toEqual({
      sql: 'q.document @@ $1::tsquery',
      values: ["'kick':* | '808':*"],
    });
    expect(match(['kick', '--'], 'all').sql).toBe('FALSE');
  });
});

let ctx: AppContext;
let pool: pg.Pool;

// The tiny library and pack volumes cloned from it in one bulk load (writeBulk), as the large
// sizes are seeded: the vocabulary is rebuilt after it (migration 035).
seededPostgresPerFile(
  (seeded) =>
    seedPlan(seeded, planLibrary('tiny', seeded.clock.now()), {
      cache: openRenderCache(),
      cloneTo: 1500,
    }),
  (storage) => ({ ctx, pool } = storage),
);

const request = (keyword: string, sort: SearchSort = 'NEWEST') =>
  listRequest({ search: keywordSearch(keyword)! }, { sort, pageSize: 100_000 });

/** The vocabulary table against ts_stat over every document, as `word:count` lines. */
const vocabularies = async () => {
  const lines = async (sql: string) =>
    (await pool.query(sql)).rows.map((row) => `${row.word}:${row.n}`).sort();
  return {
    kept: await lines('SELECT word, docs AS n FROM search_vocabulary'),
    counted: await lines(
      "SELECT word, ndoc AS n FROM ts_stat('SELECT document FROM sample_search')",
    ),
  };
};

describe('the vocabulary PostgreSQL keeps (search_vocabulary)', () => {
  it('holds every word of the documents with its number of documents after a bulk seed', async () => {
    const { kept, counted } = await vocabularies();
    expect(kept.length).toBeGreaterThan(50);
    expect(kept).toEqual(counted);
  });

  it('follows a search row deleted and one inserted, and typo correction with it', async () => {
    const sampleId = Number(
      (await pool.query('SELECT min(sample_id) AS id FROM sample_search')).rows[0].id,
    );
    const correct = async (typed: string) =>
      correctKeyword(typed, new Vocabulary(await ctx.repo.catalogue.searchVocabulary()));
    expect(await correct('zyxwvutsq')).toBeNull();
    const { rows } = await pool.query(
      'DELETE FROM sample_search WHERE sample_id = $1 RETURNING *',
      [sampleId],
    );
    expect(await vocabularies().then(({ kept, counted }) => kept.join() === counted.join())).toBe(
      true,
    );
    const row = rows[0];
    await pool.query(
      `INSERT INTO sample_search (sample_id, popularity, name, tags, brand, pack, type, grp)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        sampleId,
        row.popularity,
        `${row.name} zyxwvutsr`,
        row.tags,
        row.brand,
        row.pack,
        row.type,
        row.grp,
      ],
    );
    // What inserting a sample does (migration 031): cached answers are read again.
    await pool.query('UPDATE catalogue_version SET version = version + 1');
    const after = await vocabularies();
    expect(after.kept).toEqual(after.counted);
    expect(after.kept).toContain('zyxwvutsr:1');
    // The same words a prefix stands for, at once: the new sample is found by its prefix.
    const found = await ctx.repo.catalogue.listSamples(request('zyxwv'));
    expect(found.rows.map((sample) => sample.id)).toEqual([sampleId]);
    expect(await correct('zyxwvutsq')).toBe('zyxwvutsr');
    // Removing the sample removes its word (the delete cascades to its search row).
    await pool.query('DELETE FROM samples WHERE id = $1', [sampleId]);
    const gone = await vocabularies();
    expect(gone.kept).toEqual(gone.counted);
    expect(gone.kept.some((line) => line.startsWith('zyxwvutsr:'))).toBe(false);
    expect(await correct('zyxwvutsq')).toBeNull();
  });
});

describe('typo correction from trigram candidates (pg_trgm)', () => {
  it(
    'corrects every slip of every word as the whole vocabulary does',
    { timeout: 120_000 },
    async () => {
      const terms = await ctx.repo.catalogue.searchVocabulary();
      const whole = new Vocabulary(terms);
      const words = terms.map((t) => t.term).filter((w) => /^[a-z]{4,}$/.test(w));
      // Each word with one letter dropped, doubled, replaced or swapped with the next, and two
      // slips at once for longer words.
      const slips = new Set<string>();
      for (const word of words)
        for (let i = 0; i < word.length; i++) {
          const [head, tail] = [word.slice(0, i), word.slice(i + 1)];
          slips
            .add(head + tail)
            .add(head + word[i]! + word[i]! + tail)
            .add(`${head}q${tail}`);
          if (tail) slips.add(head + tail[0]! + word[i]! + tail.slice(1));
          if (word.length >= 8) slips.add(`${head}q${tail.slice(0, 2)}z${tail.slice(3)}`);
        }
      let narrowed = 0;
      for (const slip of slips) {
        const candidates = await ctx.repo.catalogue.correctionCandidates!(slip);
        if (candidates === null) continue;
        narrowed++;
        expect(candidates.length, slip).toBeLessThan(terms.length);
        expect(correctKeyword(slip, new Vocabulary(candidates)), slip).toBe(
          correctKeyword(slip, whole),
        );
      }
      // Most slips are answered from the candidates, not the whole vocabulary.
      expect(narrowed).toBeGreaterThan(slips.size / 2);
    },
  );

  it('reads the whole vocabulary for a three-letter word', async () => {
    expect(await ctx.repo.catalogue.correctionCandidates!('kik')).toBeNull();
  });
});

describe('prefixes spelled out from the vocabulary', () => {
  it('asks a prefix of up to MAX_PREFIX_EXPANSION words as those words, others as prefixes', async () => {
    const { rows } = await pool.query(
      `SELECT left(word, n) AS p, count(*) AS n FROM search_vocabulary, generate_series(1, 2) AS n
       WHERE word ~ '^[0-9a-z]{2}' GROUP BY 1 ORDER BY 1`,
    );
    const few = rows.find((row) => Number(row.n) <= MAX_PREFIX_EXPANSION)!.p as string;
    const many = rows.find((row) => Number(row.n) > MAX_PREFIX_EXPANSION)!.p as string;
    const asked = async (keyword: string) =>
      keywordQuery((await withPrefixWords(pool, request(keyword))).filter.search)!.query!;
    expect(await asked(few)).not.toContain(':*');
    expect(await asked(many)).toBe(`'${many}':*`);
    // Beside another word, up to MAX_PREFIX_EXPANSION_AMONG_WORDS.
    const more = rows.find(
      (row) =>
        Number(row.n) > MAX_PREFIX_EXPANSION && Number(row.n) <= MAX_PREFIX_EXPANSION_AMONG_WORDS,
    )!.p as string;
    expect(await asked(`${few} ${more}`)).not.toContain(':*');
    expect(await asked(more)).toBe(`'${more}':*`);
  });

  // Hundreds of queries: 120 s, so a loaded machine (CI beside other work) does not time it out.
  it(
    'finds the same samples, in the same order, as the prefix it stands for',
    { timeout: 120_000 },
    async () => {
      // Every one- to three-character start of a Latin word, and whole names (each word a prefix).
      const words = (
        await pool.query("SELECT word FROM search_vocabulary WHERE word ~ '^[0-9a-z]+$'")
      ).rows.map((row) => String(row.word));
      const prefixes = [...new Set(words.flatMap((w) => [1, 2, 3].map((n) => w.slice(0, n))))];
      const names = (await pool.query('SELECT name_en FROM samples ORDER BY id LIMIT 12')).rows.map(
        (row) => String(row.name_en),
      );
      expect(prefixes.length).toBeGreaterThan(30);
      const starts = prefixes.filter((p) => p.length === 1);
      const mixed = names.slice(0, 4).flatMap((name) => starts.map((p) => `${name} ${p}`));
      for (const keyword of [...prefixes, ...names, ...mixed]) {
        const search = keywordSearch(keyword)!;
        // RELEVANCE as the contract says, with the keyword asked by its `:*` prefixes.
        const query = keywordQuery(search)!.query!;
        const expected = (
          await pool.query(
            `SELECT sample_id FROM sample_search WHERE document @@ $1::tsquery
           ORDER BY name_document @@ $1::tsquery DESC, popularity DESC, sample_id`,
            [query],
          )
        ).rows.map((row) => Number(row.sample_id));
        const page = await ctx.repo.catalogue.listSamples(request(keyword, 'RELEVANCE'));
        expect(
          page.rows.map((sample) => sample.id),
          keyword,
        ).toEqual(expected);
      }
    },
  );
});
