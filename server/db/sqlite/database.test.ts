import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transaction } from './database.ts';
import { migrate, openDatabase } from './open-database.ts';

/** Starts a process that holds a write transaction on a rollback-journal `file` for `ms`. */
async function holdWriteLock(file: string, ms: number): Promise<{ released: Promise<void> }> {
  const code = `
    import { DatabaseSync } from 'node:sqlite';
    const db = new DatabaseSync(${JSON.stringify(file)});
    db.exec('CREATE TABLE IF NOT EXISTS held (a)');
    db.exec('BEGIN IMMEDIATE');
    db.exec('INSERT INTO held VALUES (1)');
    console.log('held');
    setTimeout(() => db.exec('COMMIT'), ${ms});`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise((resolve) => child.stdout.once('data', resolve));
  // In an object: an async function returning a promise would wait for it.
  return { released: exited };
}

/** A fresh in-memory database with one brand and its pack `p`, for the migrations' sample rows. */
function withPack() {
  const db = openDatabase(':memory:');
  db.exec(`INSERT INTO brands (id, name, name_zh) VALUES (1, 'B', '品');
    INSERT INTO packs (code, name_en, name_zh, brand_id, category, primary_name, created_at)
      VALUES ('p', 'P', '包', 1, 'genres', 'Trap', '2026-01-01')`);
  return db;
}

describe('openDatabase', () => {
  it('waits for another instance holding the write lock while it enters WAL mode, instead of failing', async () => {
    // SQLite answers "database is locked" at once, without its busy timeout, when a connection
    // enters WAL while another holds a rollback-journal write lock (two instances starting).
    const file = join(mkdtempSync(join(tmpdir(), 'yinku-db-lock-')), 'yinku.db');
    const { released } = await holdWriteLock(file, 400);
    const started = Date.now();
    const db = openDatabase(file);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(String(db.prepare('PRAGMA journal_mode').get()?.journal_mode)).toBe('wal');
    expect(db.prepare('SELECT COUNT(*) AS n FROM held').get()?.n).toBe(1);
    db.close();
    await released;
  });

  it('applies every migration once and enforces foreign keys', () => {
    const db = openDatabase(':memory:');
    const names = db.prepare('SELECT name FROM schema_migrations').all();
    expect(names.length).toBeGreaterThan(0);
    expect(() =>
      db.prepare("INSERT INTO user_roles (user_id, role_code) VALUES (999, 'ORDINARY')").run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it('keeps a page cache of 64 MB, not the 2 MB default, for the pages a 1M-row library reuses', () => {
    const db = openDatabase(':memory:');
    expect(Number(db.prepare('PRAGMA cache_size').get()?.cache_size)).toBe(-65536);
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

  it('drops the tempo and key generated names repeated, in the row and its full-text name (015)', () => {
    const db = withPack();
    const insert = db.prepare(
      `INSERT INTO samples (id, pack_code, name_en, name_zh, category, primary_name, secondary_name,
         audio_key, bpm, kind, format, media_type, sample_rate, channels, size_bytes, duration,
         blob_hash, file_name, created_at)
       VALUES (?, 'p', ?, ?, 'genres', 'Trap', 'X', ?, ?, 'loop', 'wav', 'audio/wav', 44100, 2, 1,
         1, 'h', 'f.wav', '2026-01-01')`,
    );
    insert.run(1, 'Dark Bass 140 BPM in Cm 02', '暗黑贝斯 140 BPM Cm调 02', 'Cm', 140);
    insert.run(2, 'Guzheng Gliss in D 03 V2', '古筝刮奏 D调 03 第2版', 'D', null);
    // Another tempo or key than the row's, and a key inside a word, stay.
    insert.run(3, 'Loop 120 BPM in Dm 01', '循环 120 BPM 01', 'D', 140);
    insert.run(4, 'Kick 01', '底鼓 01', null, null);
    for (const id of [1, 2, 3, 4])
      db.prepare('INSERT INTO samples_fts (rowid, name) VALUES (?, ?)').run(id, 'old');
    db.prepare("DELETE FROM schema_migrations WHERE name = '016-names-without-tempo-key'").run();
    migrate(db);
    const rows = db.prepare('SELECT name_en, name_zh FROM samples ORDER BY id').all();
    expect(rows.map((r) => [r.name_en, r.name_zh])).toEqual([
      ['Dark Bass 02', '暗黑贝斯 02'],
      ['Guzheng Gliss 03 V2', '古筝刮奏 03 第2版'],
      ['Loop 120 BPM in Dm 01', '循环 120 BPM 01'],
      ['Kick 01', '底鼓 01'],
    ]);
    const fts = db.prepare('SELECT rowid, name FROM samples_fts ORDER BY rowid').all();
    expect(fts.map((r) => r.name)).toEqual([
      'Dark Bass 02 暗 黑 贝 斯 02',
      'Guzheng Gliss 03 V2 古 筝 刮 奏 03 第 2 版',
      'old',
      'old',
    ]);
  });

  it('keys full-text rows by popularity then id, and keeps them keyed on updates and deletes (032)', () => {
    const db = withPack();
    const insert = db.prepare(
      `INSERT INTO samples (id, pack_code, name_en, name_zh, category, primary_name, secondary_name,
         kind, format, media_type, sample_rate, channels, size_bytes, duration, blob_hash,
         file_name, created_at, popularity)
       VALUES (?, 'p', ?, ?, 'genres', 'Trap', 'X', 'loop', 'wav', 'audio/wav', 44100, 2, 1, 1,
         'h', 'f.wav', '2026-01-01', ?)`,
    );
    // Before 032: the table without its triggers, each row at rowid = samples.id.
    db.exec(`DROP TRIGGER samples_search_key; DROP TRIGGER samples_search_delete;`);
    for (const [id, popularity] of [
      [1, 5],
      [2, 90],
      [3, 40],
      [4, 90],
    ] as const) {
      insert.run(id, `Kick ${id}`, `底鼓 ${id}`, popularity);
      db.prepare('INSERT INTO samples_fts (rowid, name) VALUES (?, ?)').run(id, `Kick ${id}`);
    }
    db.prepare("DELETE FROM schema_migrations WHERE name = '032-search-key-order.sql'").run();
    migrate(db);
    const inKeyOrder = () =>
      db
        .prepare(
          `SELECT rowid & 4294967295 AS id, 2147483647 - (rowid >> 32) AS popularity
           FROM samples_fts WHERE samples_fts MATCH '"kick"*' ORDER BY rowid`,
        )
        .all()
        .map((row) => [Number(row.id), Number(row.popularity)]);
    expect(inKeyOrder()).toEqual([
      [2, 90],
      [4, 90],
      [3, 40],
      [1, 5],
    ]);
    // A download's lift moves the row; a deleted sample takes its row along.
    db.prepare('UPDATE samples SET popularity = popularity + 100 WHERE id = 1').run();
    db.prepare('DELETE FROM samples WHERE id = 3').run();
    expect(inKeyOrder()).toEqual([
      [1, 105],
      [2, 90],
      [4, 90],
    ]);
    expect(db.prepare('SELECT count(*) AS n FROM samples_fts').get()?.n).toBe(3);
  });

  it('rolls a failed transaction back', () => {
    const db = openDatabase(':memory:');
    expect(() =>
      transaction(db, () => {
        db.prepare("INSERT INTO meta (key, value) VALUES ('a', '1')").run();
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(db.prepare("SELECT COUNT(*) AS n FROM meta WHERE key = 'a'").get()?.n).toBe(0);
  });
});
