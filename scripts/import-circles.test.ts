import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// No import circle under the folders listed (all of server/) (docs/ARCHITECTURE.md, "Storage"): type imports
// count too, since a circle of types still ties the files' shapes to each other.
const repo = resolve(import.meta.dirname, '..');
const CHECKED = ['server'];

/** Each file's relative imports of files in `files` (`from '…'` and `import('…')`). */
function importGraph(files: Map<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [path, text] of files) {
    const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)]
      .map((match) => join(dirname(path), match[1]!))
      .filter((target) => files.has(target));
    graph.set(path, targets);
  }
  return graph;
}

/** The circles of `graph`: each strongly connected group of files, in no particular order. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, low.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1 || graph.get(file)!.includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('no import circle (docs/ARCHITECTURE.md)', () => {
  it('finds a circle of two files and of three, and none in a chain', () => {
    const graph = (edges: Record<string, string>) =>
      importGraph(
        new Map(Object.entries(edges).map(([path, text]) => [path, text] as [string, string])),
      );
    expect(
      circles(graph({ 'a.ts': "import './b.ts';", 'b.ts': "import type { A } from './a.ts';" })),
    ).toEqual([['a.ts', 'b.ts']]);
    expect(
      circles(
        graph({
          'd/a.ts': "export { b } from './b.ts';",
          'd/b.ts': "import { c } from '../d/c.ts';",
          'd/c.ts': "const a = await import('./a.ts');",
        }),
      ),
    ).toEqual([['d/a.ts', 'd/b.ts', 'd/c.ts']]);
    expect(
      circles(graph({ 'a.ts': "import './b.ts';", 'b.ts': "import './c.ts';", 'c.ts': '' })),
    ).toEqual([]);
  });

  it.each(CHECKED)('finds none under %s', (folder) => {
    const paths = execFileSync('git', ['ls-files', '--', `${folder}/*.ts`], {
      cwd: repo,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    const files = new Map(paths.map((path) => [path, readFileSync(join(repo, path), 'utf8')]));
    expect(files.size).toBeGreaterThan(10);
    expect(circles(importGraph(files)).map((group) => group.join(' → '))).toEqual([]);
  });
});
