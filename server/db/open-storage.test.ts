import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openStorage } from './open-storage.ts';

// Which storage a gateway opens is decided by DATABASE_URL alone (docs/DATABASE.md).
describe('DATABASE_URL', () => {
  it('is SQLite in the data directory when unset or empty', async () => {
    for (const env of [{}, { DATABASE_URL: '' }]) {
      const dataDir = mkdtempSync(join(tmpdir(), 'yinku-storage-'));
      try {
        const config = { ...loadConfig(env), dataDir };
        expect(config.databaseUrl).toBeUndefined();
        const storage = await openStorage(config);
        expect(await storage.repo.library.seededAt()).toBeNull();
        await storage.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  });

  it('accepts postgres:// and postgresql:// URLs', () => {
    for (const url of ['postgres://u:p@db.example:5432/yinku', 'POSTGRESQL://localhost/yinku'])
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it('refuses anything else with a message naming the variable', () => {
    for (const url of ['mysql://localhost/yinku', 'yinku.sqlite', 'postgres://'])
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(/DATABASE_URL must be a postgres/);
  });

  it('fails to open an unreachable PostgreSQL server instead of starting on nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'yinku-storage-'));
    try {
      // Port 1 on the loopback: nothing listens there, the connection is refused at once.
      const config = { ...loadConfig({ DATABASE_URL: 'postgres://127.0.0.1:1/yinku' }), dataDir };
      await expect(openStorage(config)).rejects.toThrow(/ECONNREFUSED|connect/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
