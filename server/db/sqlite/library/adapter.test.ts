import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryBatch, SampleWrite } from '../../../library/library.repository.ts';
import type { Database } from '../database.ts';
import { openDatabase } from '../open-database.ts';
import { sqliteLibrary } from './adapter.ts';
import { testPackInsert, testSampleWrite } from '../../testing/sample-write.ts';

// The SQLite side of the library port's bulk load (`writeBulk`, the `large` and `huge` clones):
// the indexes of `samples` are dropped for the load and built again, in one transaction.
let dir = '';
let db: Database;

const sample = (n: number): SampleWrite => testSampleWrite(n);

const indexesOf = (target: Database) =>
  target
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'samples' ORDER BY name",
    )
    .all()
    .map((row) => `${String(row.name)}: ${String(row.sql)}`);
const count = (table: string) => Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()?.n);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'yinku-library-sqlite-'));
  db = openDatabase(join(dir, 'yinku.sqlite'));
  await sqliteLibrary(db).writeBatch({
    brands: [{ name: 'B', nameZh: 'B' }],
    packs: [testPackInsert('p', 'B')],
    samples: [sample(1), sample(2)],
  });
});

afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the bulk load (large and huge)', () => {
  it('writes every batch and leaves every index of samples as the migrations made it', async () => {
    function* batches(): Generator<LibraryBatch> {
      for (let n = 3; n < 53; n += 10)
        yield { samples: Array.from({ length: 10 }, (_, i) => sample(n + i)) };
    }
    await sqliteLibrary(db).writeBulk(batches());
    expect(count('samples')).toBe(52);
    expect(count('samples_fts')).toBe(52);
    const fresh = openDatabase(':memory:');
    try {
      expect(indexesOf(db)).toEqual(indexesOf(fresh));
      expect(indexesOf(fresh).length).toBeGreaterThan(10);
    } finally {
      fresh.close();
    }
  });

  it('loses nothing when the load fails: rows, indexes and settings are as before', async () => {
    const before = indexesOf(db);
    const rows = count('samples');
    const cacheSize = Number(db.prepare('PRAGMA cache_size').get()?.cache_size);
    function* failing(): Generator<LibraryBatch> {
      yield { samples: [sample(100)] };
      throw new Error('disk full');
    }
    await expect(sqliteLibrary(db).writeBulk(failing())).rejects.toThrow('disk full');
    expect(count('samples')).toBe(rows);
    expect(count('samples_fts')).toBe(rows);
    expect(indexesOf(db)).toEqual(before);
    expect(Number(db.prepare('PRAGMA cache_size').get()?.cache_size)).toBe(cacheSize);
    expect(db.prepare('PRAGMA journal_mode').get()?.journal_mode).toBe('wal');
  });

  it('refuses a pack of a brand that does not exist, writing nothing of its batch', async () => {
    const rows = count('samples');
    const library = sqliteLibrary(db);
    await expect(
      library.writeBatch({
        packs: [packOf('nobody')],
        samples: [sample(200)],
      }),
    ).rejects.toThrow(/no brand nobody/);
    expect(count('samples')).toBe(rows);
    expect(await library.hasPack('q')).toBe(false);
  });
});

describe('the end of a seeding', () => {
  it('merges the full-text index into one segment, answering the same matches', async () => {
    const library = sqliteLibrary(db);
    for (let n = 300; n < 340; n += 4)
      await library.writeBatch({ samples: Array.from({ length: 4 }, (_, i) => sample(n + i)) });
    const matches = () =>
      db
        .prepare(
          "SELECT rowid & 4294967295 AS id FROM samples_fts WHERE samples_fts MATCH 'kick' ORDER BY rowid",
        )
        .all();
    const before = matches();
    expect(ftsSegments(db)).toBeGreaterThan(1);
    await library.markSeeded('2026-01-01T00:00:00.000Z', 'small');
    expect(ftsSegments(db)).toBe(1);
    expect(matches()).toEqual(before);
    expect(await library.seededAt()).toBe('2026-01-01T00:00:00.000Z');
  });
});

/**
 * How many segments `samples_fts`'s index has: its structure record (rowid 10 of the `_data`
 * table) is a 4-byte cookie, an optional 4-byte version mark, then varints: levels, segments.
 */
function ftsSegments(target: Database): number {
  const block = target.prepare('SELECT block FROM samples_fts_data WHERE id = 10').get()?.block;
  const bytes = block as Uint8Array;
  let at = 4;
  if (bytes[at] === 0xff && bytes[at + 1] === 0 && bytes[at + 2] === 0 && bytes[at + 3] === 1)
    at += 4;
  const varint = (): number => {
    let value = 0;
    for (;;) {
      const byte = bytes[at++]!;
      value = value * 128 + (byte & 0x7f);
      if (byte < 0x80) return value;
    }
  };
  varint(); // levels
  return varint();
}

const packOf = (brand: string) => testPackInsert('q', brand);
