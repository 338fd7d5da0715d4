import { describe, expect, it } from 'vitest';
import { openDatabase, transaction } from './database.ts';

describe('openDatabase', () => {
  it('applies every migration once and enforces foreign keys', () => {
    const db = openDatabase(':memory:');
    const names = db.prepare('SELECT name FROM schema_migrations').all();
    expect(names.length).toBeGreaterThan(0);
    expect(() =>
      db.prepare("INSERT INTO user_roles (user_id, role_code) VALUES (999, 'ORDINARY')").run(),
    ).toThrow(/FOREIGN KEY/);
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
