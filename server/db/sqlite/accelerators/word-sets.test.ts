import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../context.ts';
import type { SampleWrite } from '../../../library/library.repository.ts';
import type { Database } from '../database.ts';
import { clonedSqlite, type ClonedSqlite } from '../testing/cloned-sqlite.ts';
import { wordSets } from './word-sets.ts';

// Word sets (sqlite/accelerators/word-sets.ts) must answer an intersection exactly as FTS5's MATCH does, and
// never from sets older than the search text: on the tiny plan's samples cloned to 400.
let library: ClonedSqlite;
let ctx: AppContext;
let db: Database;

beforeAll(async () => {
  library = await clonedSqlite(400);
  db = library.db;
  ctx = library.ctx;
});

afterAll(async () => {
  await library?.close();
});

/** The ids FTS5 answers for every expression at once, ascending. */
const ftsAnswer = (expressions: string[]): number[] =>
  db
    .prepare(
      `SELECT rowid & 4294967295 AS id FROM samples_fts WHERE samples_fts MATCH ? ORDER BY id`,
    )
    .all(expressions.map((expression) => `(${expression})`).join(' AND '))
    .map((row) => Number(row.id));

// Words, prefixes, phrases (a CJK one among them), an OR and a column filter, as the catalogue
// writes them (sqlite/catalogue/search-text.ts, sqlite/catalogue/query.ts); each below a quarter of the rows.
const INTERSECTIONS = [
  ['"drums"', '"trap"'],
  ['"drum" "loop"*', '"鼓 组"'],
  ['("v2" OR "v3")', '"kit"*', '{tags type grp} : ("trap")'],
  ['"v2"', '"drums"'],
  ['"iron"', '"crane"'],
];

describe('word sets', () => {
  it('answer what FTS5 answers for every intersection, from a word’s second use on', () => {
    const sets = wordSets(db);
    for (const expressions of INTERSECTIONS) {
      const expected = ftsAnswer(expressions);
      expect(expected.length, expressions.join(' ')).toBeGreaterThan(0);
      expect(sets.matchAll(expressions, 400), expressions.join(' ')).toBeNull();
      expect(sets.matchAll(expressions, 400), expressions.join(' ')).toEqual(expected);
      expect(sets.matchAll(expressions, 400), expressions.join(' ')).toEqual(expected);
    }
  });

  it('answer one id past the limit when more match', () => {
    const sets = wordSets(db, { admitAtUse: 1 });
    const expected = ftsAnswer(INTERSECTIONS[0]!);
    expect(expected.length).toBeGreaterThan(4);
    expect(sets.matchAll(INTERSECTIONS[0]!, 3)).toEqual(expected.slice(0, 4));
  });

  it('leave a word matching over a quarter of the samples to FTS5', () => {
    const sets = wordSets(db, { admitAtUse: 1 });
    // Every sample's name holds "01" (the base rows' numbers and the clones').
    expect(ftsAnswer(['"01"']).length).toBeGreaterThan(100);
    for (let use = 0; use < 3; use++) expect(sets.matchAll(['"01"', '"drums"'], 400)).toBeNull();
  });

  it('keep answering right when their budget holds a single set', () => {
    const sets = wordSets(db, { admitAtUse: 1, budgetBytes: 1 });
    for (let round = 0; round < 3; round++) {
      for (const expressions of INTERSECTIONS)
        expect(sets.matchAll(expressions, 400), expressions.join(' ')).toEqual(
          ftsAnswer(expressions),
        );
    }
  });

  it('are read again after a sample is added, and after one is deleted', async () => {
    const sets = wordSets(db, { admitAtUse: 1 });
    const drumsTrap = INTERSECTIONS[0]!;
    const before = sets.matchAll(drumsTrap, 400)!;
    expect(before).toEqual(ftsAnswer(drumsTrap));

    const [added] = await ctx.repo.library.writeBatch({
      samples: [await newSample('Trap Drums Zz')],
    });
    expect(sets.matchAll(drumsTrap, 400)).toEqual([...before, added]);

    // Not the newest sample: the largest id stays, only the trigger's bump tells.
    const gone = before[0]!;
    await library.oracle.deleteSamples([gone]);
    const after = sets.matchAll(drumsTrap, 400);
    expect(after).toEqual(ftsAnswer(drumsTrap));
    expect(after).not.toContain(gone);
  });
});

/** A sample of an existing pack and blob named `name`, with no other search text. */
async function newSample(name: string): Promise<SampleWrite> {
  const row = db.prepare('SELECT pack_code, blob_hash FROM samples LIMIT 1').get()!;
  return {
    packCode: String(row.pack_code),
    nameEn: name,
    nameZh: name,
    category: 'instruments',
    primaryName: 'Drums',
    secondaryName: '',
    audioKey: null,
    bpm: null,
    kind: 'oneshot',
    format: 'wav',
    mediaType: 'audio/wav',
    sampleRate: 44_100,
    channels: 2,
    bitDepth: 16,
    sizeBytes: 1,
    duration: 1,
    tags: [],
    blobHash: String(row.blob_hash),
    fileName: `${name}.wav`,
    auditionCode: null,
    auditionHash: null,
    peaks: null,
    popularity: 1,
    createdAt: new Date(ctx.clock.now()).toISOString(),
    search: { name, brand: '', pack: '', type: '', grp: '' },
  };
}
