import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The LGPL MP3 encoder (lamejs, the AI songs') runs only in the gateway; the client bundle and the
// parts that ship in it (src/ui, src/wasm, src/workers, src/worklets, src/shared, src/analysis)
// must never reach it (docs/LIBRARY.md "Auditions (previews)", docs/STACK-NOTES.md "Licences in
// the client bundle"). `@ffmpeg/core` (GPL-2.0+), whose LAME encodes the previews in the gateway,
// is not on this list: it is the client's chosen fallback decoder, shipped to the browser by
// design. Tests and their `testing/` helpers may use lamejs to make fixtures, so this follows the
// imports of every other file there, through any helper they pull in, to the packages reached.
const repo = resolve(import.meta.dirname, '..');
const CLIENT_PARTS = ['ui', 'wasm', 'workers', 'worklets', 'shared', 'analysis'];
const SERVER_ONLY = /^(@breezystack\/)?lamejs($|\/)/;

/** Test files and test helpers: not part of the client build. */
const isTestOnly = (path: string) => /\.test\.tsx?$/.test(path) || /[/\\]testing[/\\]/.test(path);

/** Module specifiers a source file imports, re-exports, loads lazily or starts as a worker. */
function specifiers(text: string): string[] {
  const patterns = [
    /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bnew URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g,
  ];
  return patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[1]!.split('?')[0]!));
}

/** The file a relative specifier names (as written, or with a TypeScript extension). */
function resolveRelative(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const path of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(path) && statSync(path).isFile()) return path;
  return null;
}

/** Every source file below `dir`. */
function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|js|mjs)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** Server-only packages reached from the client parts of `root`, with the file that imports each. */
function serverOnlyImports(root: string): string[] {
  const start = CLIENT_PARTS.flatMap((part) => sources(join(root, 'src', part))).filter(
    (path) => !isTestOnly(path),
  );
  const seen = new Set(start);
  const queue = [...start];
  const found: string[] = [];
  while (queue.length > 0) {
    const file = queue.pop()!;
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      if (SERVER_ONLY.test(spec)) found.push(`${file.slice(root.length + 1)} imports ${spec}`);
      if (!spec.startsWith('.')) continue;
      const next = resolveRelative(file, spec);
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return found;
}

const scratch = mkdtempSync(join(tmpdir(), 'yinku-client-licences-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(scratch, 'case-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('the LGPL encoder stays out of the client', () => {
  it('no client file reaches lamejs, directly or through a helper', () => {
    expect(serverOnlyImports(repo)).toEqual([]);
  });

  it('finds lamejs reached through a test helper a client file imports, and nothing from tests', () => {
    const root = tree({
      'src/wasm/testing/fixtures.ts': "import { Mp3Encoder } from '@breezystack/lamejs';\n",
      'src/wasm/decode.test.ts': "import { Mp3Encoder } from '@breezystack/lamejs';\n",
      'src/workers/ok.ts': "import { x } from '../shared/x.ts';\n",
      'src/shared/x.ts': 'export const x = 1;\n',
    });
    expect(serverOnlyImports(root)).toEqual([]);
    mkdirSync(join(root, 'src/ui'));
    writeFileSync(
      join(root, 'src/ui/player.ts'),
      "const w = new URL('../workers/bad.ts', import.meta.url);\n",
    );
    writeFileSync(join(root, 'src/workers/bad.ts'), "export * from '../wasm/testing/fixtures';\n");
    expect(serverOnlyImports(root)).toEqual([
      'src/wasm/testing/fixtures.ts imports @breezystack/lamejs',
    ]);
  });
});
