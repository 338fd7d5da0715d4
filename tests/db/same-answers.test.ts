import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createContext, type AppContext } from '../../server/context.ts';
import { openStorage } from '../../server/db/open-storage.ts';
import type { ListRequest, SampleFilter } from '../../server/catalogue/catalogue.repository.ts';
import { seedIfEmpty } from '../../server/library/seed-library.ts';
import { SEARCH_SORTS, type SearchSort } from '../../src/shared/api/catalogue.types.ts';
import {
  createTestDatabase,
  startPgCluster,
  type PgCluster,
} from '../../server/db/postgres/testing/pg-cluster.ts';

// The same library seeded into SQLite and PostgreSQL must answer the same: same ids, same order
// for every deterministic sort, same totals (docs/DATABASE.md). RELEVANCE included: the name
// matches, then the other matches, each by popularity, then id (docs/api/catalogue.md).
let cluster: PgCluster;
let sqlite: AppContext;
let postgres: AppContext;
let dropDatabase: () => Promise<void>;
const dirs: string[] = [];

/** A gateway context on its own data directory, its storage chosen by `databaseUrl`, seeded tiny. */
const seededContext = async (databaseUrl?: string): Promise<AppContext> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yinku-same-'));
  dirs.push(dataDir);
  const config = {
    ...loadConfig({ YINKU_SONGS: 'off' }),
    dataDir,
    databaseUrl,
    librarySize: 'tiny' as const,
  };
  const ctx = await createContext(config, { storage: await openStorage(config) });
  await seedIfEmpty(ctx, 'tiny');
  return ctx;
};

beforeAll(async () => {
  cluster = await startPgCluster();
  const database = await createTestDatabase(cluster.url);
  dropDatabase = database.drop;
  [sqlite, postgres] = await Promise.all([seededContext(), seededContext(database.url)]);
}, 180_000);

afterAll(async () => {
  await sqlite?.close();
  await postgres?.close();
  await dropDatabase?.();
  cluster?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const request = (filter: SampleFilter, sort: SearchSort, page = 1): ListRequest => ({
  filter,
  sort,
  seed: 12345,
  page,
  pageSize: 25,
  language: 'en',
  viewerId: null,
});

const sampleIds = async (ctx: AppContext, req: ListRequest) => {
  const page = await ctx.repo.catalogue.listSamples(req);
  return { total: page.total, ids: page.rows.map((row) => row.id) };
};

const FILTERS: Record<string, SampleFilter> = {
  everything: {},
  instruments: { category: 'instruments' },
  keyword: { search: { words: ['kick'], mode: 'all' } },
  'keyword prefix': { search: { words: ['80'], mode: 'all' } },
  'keyword any': { search: { words: ['snare', 'hat'], mode: 'any' } },
  chinese: { search: { words: ['鼓'], mode: 'all' } },
  'chinese word': { search: { words: ['古筝'], mode: 'all' } },
  styles: { styles: ['trap', 'hip hop'] },
  loops: { kind: 'loop', bpmMin: 80, bpmMax: 140 },
};

describe('SQLite and PostgreSQL give the same answers for one library', () => {
  it('hold the same samples under the same ids', async () => {
    const all = async (ctx: AppContext) =>
      (await ctx.repo.catalogue.listSamples({ ...request({}, 'NEWEST'), pageSize: 100_000 })).rows;
    const [a, b] = [await all(sqlite), await all(postgres)];
    expect(a.length).toBeGreaterThan(40);
    expect(b.map((row) => [row.id, row.nameEn, row.packCode, row.tags])).toEqual(
      a.map((row) => [row.id, row.nameEn, row.packCode, row.tags]),
    );
  });

  for (const [name, filter] of Object.entries(FILTERS)) {
    it(`lists ${name} alike in every deterministic order`, async () => {
      // Every filter matches something, so no comparison is of two empty pages.
      expect((await sampleIds(sqlite, request(filter, 'NEWEST'))).total).toBeGreaterThan(0);
      for (const sort of SEARCH_SORTS.filter((s) => s !== 'RELEVANCE')) {
        for (const page of [1, 2]) {
          const expected = await sampleIds(sqlite, request(filter, sort, page));
          expect(
            await sampleIds(postgres, request(filter, sort, page)),
            `${sort} p${page}`,
          ).toEqual(expected);
        }
      }
      const zh = { ...request(filter, 'NAME'), language: 'zh' as const };
      expect(await sampleIds(postgres, zh)).toEqual(await sampleIds(sqlite, zh));
    });
  }

  it('finds the same matches for a keyword in RELEVANCE order', async () => {
    const searches: SampleFilter['search'][] = [
      { words: ['kick'], mode: 'all' },
      { words: ['鼓'], mode: 'all' },
      { words: ['古筝'], mode: 'all' },
      { words: ['bass', 'loop'], mode: 'all' },
      { words: ['snare', 'hat'], mode: 'any' },
      { words: ['guzheng', '鼓'], mode: 'any' },
    ];
    for (const search of searches) {
      const label = `${search!.mode}: ${search!.words.join(' ')}`;
      const all = { ...request({ search }, 'RELEVANCE'), pageSize: 10_000 };
      const [a, b] = [await sampleIds(sqlite, all), await sampleIds(postgres, all)];
      expect(a.total, label).toBeGreaterThan(0);
      expect(b, label).toEqual(a);
      // Page by page too (PostgreSQL may answer a page from the name matches alone).
      for (const page of [1, 2, 3]) {
        const req = { ...request({ search }, 'RELEVANCE', page), pageSize: 10 };
        expect(await sampleIds(postgres, req), `${label} p${page}`).toEqual(
          await sampleIds(sqlite, req),
        );
      }
    }
  });

  it('lists packs alike in every order', async () => {
    for (const sort of ['MOST_POPULAR', 'NEWEST', 'NAME', 'RANDOM'] as const) {
      for (const filter of [{}, { category: 'instruments' as const }, FILTERS.keyword!]) {
        const list = async (ctx: AppContext) => {
          const page = await ctx.repo.catalogue.listPacks(request(filter, sort));
          return { total: page.total, codes: page.rows.map((row) => row.code) };
        };
        expect(await list(postgres), sort).toEqual(await list(sqlite));
      }
    }
  });

  it('counts the same tree cells and tags', async () => {
    for (const range of ['samples', 'packs'] as const) {
      const cells = async (ctx: AppContext) =>
        (await ctx.repo.catalogue.treeCells({ range })).sort((x, y) =>
          `${x.category}/${x.primaryName}/${x.secondaryName}`.localeCompare(
            `${y.category}/${y.primaryName}/${y.secondaryName}`,
          ),
        );
      expect(await cells(postgres)).toEqual(await cells(sqlite));
    }
    expect(await postgres.repo.catalogue.tagCounts({})).toEqual(
      await sqlite.repo.catalogue.tagCounts({}),
    );
  });

  it('offers the same words for typo correction', async () => {
    const words = async (ctx: AppContext) =>
      (await ctx.repo.catalogue.searchVocabulary())
        .map((term) => `${term.term}:${term.docs}`)
        .sort();
    expect(await words(postgres)).toEqual(await words(sqlite));
  });
});
