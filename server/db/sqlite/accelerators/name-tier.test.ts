import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { KeywordSearch } from '../../../catalogue/catalogue.repository.ts';
import { ftsMatch, spaceCjk, type PrefixExpander } from '../catalogue/search-text.ts';
import { nameTierTest } from './name-tier.ts';

// The RELEVANCE name tier decided in code must be FTS5's own answer to `name : (…)` on the same
// stored text: checked against a real FTS5 table with the tokenizer of `samples_fts`.
const NAMES = [
  'Guzheng Gliss 01 V2',
  'Guzheng Gliss 01 V293',
  'Guzheng Gliss 10 V2 古筝刮奏 01 第2版',
  'Gliss Guzheng V21 01',
  'Kick-Drum_808 Hard',
  'kicks 808/hard',
  'Big KICK',
  '古筝拨弦 第5版',
  '古 筝',
  'Bass Loop 120 BPM',
  'Loop Bass',
];

const words = (mode: 'all' | 'any', ...list: string[]): KeywordSearch => ({ words: list, mode });

const SEARCHES: Array<[KeywordSearch, PrefixExpander?]> = [
  [words('all', 'guzheng', 'gliss', '01', 'v2')],
  [words('all', 'gliss', 'guzheng')],
  [words('all', 'v2')],
  [words('all', 'kick')],
  [words('all', 'kick', '808')],
  [words('all', 'drum_808')],
  [words('all', 'kick-drum')],
  [words('all', '808/ha')],
  [words('all', '古筝')],
  [words('all', '筝拨')],
  [words('all', '第5版')],
  [words('all', '古筝', 'v2')],
  [words('all', 'bass', 'loop')],
  [words('any', 'bass', 'kick')],
  [words('any', 'zzz', '古筝')],
  [words('all', 'zzz')],
  // A prefix spelled out as the index words it starts (sqlite/catalogue/prefixes.ts): the same rows.
  [words('all', 'kick'), (word) => (word === 'kick' ? ['kick', 'kicks'] : null)],
  [words('all', 'gliss', '01'), (word) => (word === 'gliss' ? ['gliss'] : null)],
];

describe('nameTierTest', () => {
  const db = new DatabaseSync(':memory:');
  db.exec(
    `CREATE VIRTUAL TABLE t USING fts5(name, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2')`,
  );
  const insert = db.prepare('INSERT INTO t (rowid, name) VALUES (?, ?)');
  NAMES.forEach((name, i) => insert.run(i + 1, spaceCjk(name)));
  const stored = new Map(
    db
      .prepare('SELECT rowid AS id, name FROM t')
      .all()
      .map((row) => [Number(row.id), String(row.name)]),
  );

  it('answers for every stored name as FTS5 answers name : (…)', () => {
    let inTier = 0;
    for (const [search, expand] of SEARCHES) {
      const label = `${search.mode}: ${search.words.join(' ')}`;
      const found = new Set(
        db
          .prepare('SELECT rowid AS id FROM t WHERE t MATCH ?')
          .all(`name : (${ftsMatch(search, expand)})`)
          .map((row) => Number(row.id)),
      );
      const test = nameTierTest(search, expand);
      expect(test, label).not.toBeNull();
      for (const [id, name] of stored) {
        expect(test!(name), `${label} in ${name}`).toBe(found.has(id));
        if (found.has(id)) inTier++;
      }
    }
    // The searches hold names and miss others (the check above compares both ways).
    expect(inTier).toBeGreaterThan(20);
  });

  it('does not answer for a name or word whose characters FTS5 words by its own tables', () => {
    const test = nameTierTest(words('all', 'cafe'))!;
    expect(test('Cafe Loop')).toBe(true);
    expect(test('Café Loop')).toBeNull();
    expect(test(spaceCjk('ギター Loop'))).toBeNull();
    expect(nameTierTest(words('all', 'café'))).toBeNull();
    expect(nameTierTest(words('all', 'ギター'))).toBeNull();
    expect(nameTierTest(words('all', '--'))).toBeNull();
    expect(nameTierTest(words('all'))).toBeNull();
    expect(nameTierTest(words('all', 'kick'), () => ['kick', 'kıck'])).toBeNull();
  });
});
