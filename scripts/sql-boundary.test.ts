import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The storage rule of docs/ARCHITECTURE.md ("The rule"): SQL, FTS syntax and database handles
// live only under server/db/, so a route, a seeder, a benchmark or a test outside it reaches
// storage through the ports, and PostgreSQL needs no change outside its adapter.
const repo = resolve(import.meta.dirname, '..');
const SQL =
  /\b(SELECT|INSERT INTO|DELETE FROM)\b|UPDATE [a-z_]+ SET|\bMATCH\b|\.prepare\(|DatabaseSync|node:sqlite/;
const PARTS = ['server', 'tests', 'benchmarks', 'desktop', 'scripts'];
// This file names the pattern it looks for.
const SELF = relative(repo, import.meta.filename);

/** `path:line` of every line of `files` outside server/db/ that holds SQL or a database handle. */
function sqlOutsideDb(files: { path: string; text: string }[]): string[] {
  return files
    .filter(({ path }) => !path.startsWith('server/db/') && path !== SELF)
    .flatMap(({ path, text }) =>
      text.split('\n').flatMap((line, i) => (SQL.test(line) ? [`${path}:${i + 1}`] : [])),
    );
}

describe('SQL stays under server/db/ (docs/ARCHITECTURE.md)', () => {
  it('finds SQL and handles outside server/db/ and none inside it', () => {
    expect(
      sqlOutsideDb([
        { path: 'server/catalogue/x.ts', text: "const q = 'SELECT id FROM samples';" },
        { path: 'tests/api/y.test.ts', text: "import { DatabaseSync } from 'node:sqlite';" },
        { path: 'server/db/sqlite/z.ts', text: "db.prepare('DELETE FROM samples');" },
      ]),
    ).toEqual(['server/catalogue/x.ts:1', 'tests/api/y.test.ts:1']);
  });

  it('holds for every file of the repository (tracked or new)', () => {
    const tracked = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...PARTS],
      {
        cwd: repo,
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter((path) => /\.(ts|tsx|mjs|js)$/.test(path) && existsSync(join(repo, path)));
    expect(tracked.length).toBeGreaterThan(100);
    const files = tracked.map((path) => ({
      path,
      text: readFileSync(join(repo, path), 'utf8'),
    }));
    expect(sqlOutsideDb(files)).toEqual([]);
  });
});
