import { describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { keywordSearch } from '../../../catalogue/cjk-text.ts';
import { ftsMatch, spaceCjk, toPhrase } from './search-text.ts';

const toMatchQuery = (q: string) => {
  const search = keywordSearch(q);
  return search && ftsMatch(search);
};

describe('CJK full-text helpers', () => {
  const db = new DatabaseSync(':memory:');
  db.exec("CREATE VIRTUAL TABLE t USING fts5(name, tokenize = 'unicode61 remove_diacritics 2')");
  const names = [
    '古筝拨弦 Guzheng Pluck C',
    '琵琶轮指 Pipa Tremolo',
    'Trap 808 Bass 低音',
    'Snare 军鼓 Crack',
    '鼓组2号 Kit 2',
    'Erhu Gliss 第5版',
    'Bass Stab C调',
  ];
  names.forEach((name, i) =>
    db.prepare('INSERT INTO t(rowid, name) VALUES (?, ?)').run(i + 1, spaceCjk(name)),
  );
  const search = (q: string) => {
    const match = toMatchQuery(q);
    if (!match) return [];
    return db
      .prepare('SELECT rowid FROM t WHERE t MATCH ? ORDER BY rowid')
      .all(match)
      .map((r) => Number(r.rowid));
  };

  it('finds two-character Chinese words inside longer names', () => {
    expect(search('古筝')).toEqual([1]);
    expect(search('拨弦')).toEqual([1]);
    expect(search('低音')).toEqual([3]);
  });

  it('finds CJK words touching digits or Latin letters', () => {
    expect(search('鼓组')).toEqual([5]);
    expect(search('版')).toEqual([6]);
    expect(search('第5版')).toEqual([6]);
    expect(search('5版')).toEqual([6]);
    expect(search('调')).toEqual([7]);
    expect(search('C调')).toEqual([7]);
    expect(spaceCjk('鼓组2号')).toBe('鼓 组 2 号');
    expect(spaceCjk(spaceCjk('第5版 A#调'))).toBe(spaceCjk('第5版 A#调'));
  });

  it('matches Latin words by prefix and requires every word', () => {
    expect(search('808')).toEqual([3]);
    expect(search('gu')).toEqual([1]);
    expect(search('pipa trem')).toEqual([2]);
    expect(search('pipa snare')).toEqual([]);
  });

  it('treats FTS operators and SQL-looking input as text', () => {
    expect(() => search('" OR 1=1 --')).not.toThrow();
    expect(search("'; DROP TABLE t; --")).toEqual([]);
    expect(search('NEAR(snare')).toEqual([]);
    expect(toMatchQuery('  ***  ')).toBeNull();
  });

  it('writes every word required, or any word, and quotes what it is given', () => {
    expect(ftsMatch({ words: ['古筝', '808'], mode: 'all' })).toBe('"古 筝" AND "808"*');
    expect(ftsMatch({ words: ['kick', 'snare'], mode: 'any' })).toBe('"kick"* OR "snare"*');
    expect(ftsMatch({ words: ['a"b'], mode: 'all' })).toBe('"a""b"*');
    expect(ftsMatch({ words: [' '], mode: 'all' })).toBeNull();
  });

  it('makes exact phrases of style names, punctuation as word breaks', () => {
    expect(toPhrase('Hip-Hop')).toBe('"hip hop"');
    expect(toPhrase('R&B')).toBe('"r b"');
    expect(toPhrase('国风')).toBe('"国 风"');
    expect(toPhrase('"; DROP')).toBe('"drop"');
    expect(toPhrase('***')).toBeNull();
  });
});
