import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from './open-database.ts';
import { cachedTreeCells } from './catalogue/tree.ts';
import { sqliteInsight } from './insight.ts';
import type { Database } from './database.ts';

let dir: string;
let db: Database;
afterEach(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('keeps the category tree cached across insight flushes, not across a catalogue write', async () => {
  dir = mkdtempSync(join(tmpdir(), 'yinku-insight-'));
  db = openDatabase(join(dir, 'yinku.sqlite'));
  const tree = cachedTreeCells(db);
  const insight = sqliteInsight(db);
  await tree({ range: 'samples' });
  expect(tree.cached({ range: 'samples' })).toBeDefined();
  await insight.add([{ day: 1, kind: 'search', key: 'kick', count: 2 }]);
  await insight.add([{ day: 1, kind: 'search', key: 'kick', count: 1 }]);
  await insight.prune(2);
  expect(tree.cached({ range: 'samples' })).toBeDefined();
  db.exec("INSERT INTO brands (name, name_zh) VALUES ('Side', '侧')");
  expect(tree.cached({ range: 'samples' })).toBeUndefined();
});
