import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './open-database.ts';
import { sqliteLeases, sqliteLimits } from './coordination.ts';

describe('SQLite coordination ports', () => {
  it('drops a bucket’s events older than the window when it records one', async () => {
    const db = openDatabase(':memory:');
    const limits = sqliteLimits(db);
    for (let i = 0; i < 3; i++) await limits.record('b', `key${i}`, 0, 1000);
    await limits.record('other', 'key', 0, 1000);
    await limits.record('b', 'fresh', 1000, 1000);
    const left = db.prepare('SELECT bucket, key_hash FROM rate_events ORDER BY id').all();
    expect(left.map((row) => `${row.bucket}/${row.key_hash}`)).toEqual(['other/key', 'b/fresh']);
  });

  it('answers "not now" for a lease while another connection holds the write lock past the busy timeout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'yinku-lease-'));
    const [holder, waiter] = [0, 1].map(() => openDatabase(join(dir, 'shared.sqlite')));
    waiter!.exec('PRAGMA busy_timeout = 10');
    holder!.exec('BEGIN IMMEDIATE');
    expect(await sqliteLeases(waiter!).claim('seed', 'b', 0, 3000)).toBe(false);
    holder!.exec('COMMIT');
    expect(await sqliteLeases(waiter!).claim('seed', 'b', 0, 3000)).toBe(true);
    for (const db of [holder, waiter]) db!.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
