import { describe, expect, it } from 'vitest';
import { migrate, openDatabase, transaction } from './database.ts';

describe('openDatabase', () => {
  it('applies every migration once and enforces foreign keys', () => {
    const db = openDatabase(':memory:');
    const names = db.prepare('SELECT name FROM schema_migrations').all();
    expect(names.length).toBeGreaterThan(0);
    expect(() =>
      db.prepare("INSERT INTO user_roles (user_id, role_code) VALUES (999, 'ORDINARY')").run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it('re-spaces full-text rows written before every CJK character was a word (014)', () => {
    const db = openDatabase(':memory:');
    const insert = db.prepare(
      'INSERT INTO samples_fts (rowid, name, tags, brand, pack, type, grp) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    // As spaceCjk wrote them before: spaces only between two CJK characters.
    insert.run(1, 'Kit 鼓 组2号', 'trap', 'Brand 品 牌', 'Pack', 'Drums 鼓', 'Kick 底 鼓');
    insert.run(2, 'Guzheng 第5版', '', '', '', '', '');
    insert.run(3, 'Plain Latin 808', 'house', '', '', '', '');
    const count = (match: string) =>
      db.prepare('SELECT COUNT(*) AS n FROM samples_fts WHERE samples_fts MATCH ?').get(match)?.n;
    expect(count('"鼓 组"')).toBe(0);
    db.prepare("DELETE FROM schema_migrations WHERE name = '014-fts-cjk-every-character'").run();
    migrate(db);
    expect(count('"鼓 组"')).toBe(1);
    expect(count('"版"')).toBe(1);
    const rows = db.prepare('SELECT rowid, name FROM samples_fts ORDER BY rowid').all();
    expect(rows.map((r) => r.name)).toEqual([
      'Kit 鼓 组 2 号',
      'Guzheng 第 5 版',
      'Plain Latin 808',
    ]);
    migrate(db); // applied once: nothing left to do
    expect(
      db.prepare("SELECT COUNT(*) AS n FROM schema_migrations WHERE name LIKE '014-%'").get()?.n,
    ).toBe(1);
  });

  it('rolls a failed transaction back', () => {
    const db = openDatabase(':memory:');
    expect(() =>
      transaction(db, () => {
        db.prepare("INSERT INTO meta (key, value) VALUES ('a', '1')").run();
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(db.prepare('SELECT COUNT(*) AS n FROM meta').get()?.n).toBe(0);
  });
});
