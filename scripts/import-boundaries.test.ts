import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Runs our real .oxlintrc.json over a throw-away tree laid out like the repo, so the import rules
// of docs/ARCHITECTURE.md#what-may-import-what are proven to fail a build, with a message naming what to import instead.
const repo = resolve(import.meta.dirname, '..');
const oxlint = join(repo, 'node_modules', '.bin', 'oxlint');
const tree = mkdtempSync(join(tmpdir(), 'yinku-boundaries-'));

function lint(files: Record<string, string>): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tree, 'case-'));
  copyFileSync(join(repo, '.oxlintrc.json'), join(dir, '.oxlintrc.json'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  try {
    const output = execFileSync(oxlint, ['-c', '.oxlintrc.json', '--deny-warnings', '.'], {
      cwd: dir,
      encoding: 'utf8',
    });
    return { ok: true, output };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

const target = {
  'src/ui/app.ts': 'export const app = 1;\n',
  'src/shared/c.ts': 'export const c = 1;\n',
};

afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe('import boundaries (docs/ARCHITECTURE.md#what-may-import-what)', () => {
  it('lets each part import what it may', () => {
    const result = lint({
      ...target,
      'src/workers/ok.ts': "import { c } from '../shared/c.ts';\nexport const w = c;\n",
      'src/ui/ok.ts':
        "import type { W } from '../workers/types.ts';\nimport { c } from '../shared/c.ts';\nexport const u: W | number = c;\n",
      'src/workers/types.ts': 'export type W = string;\n',
      'src/analysis/a.ts':
        "import { c } from '../shared/c.ts';\nexport const a = c;\nexport type A = number;\n",
      'src/workers/uses-analysis.ts':
        "import { a } from '../analysis/a.ts';\nexport const w2 = a;\n",
      'server/uses-analysis.ts':
        "import { a } from '../src/analysis/a.ts';\nexport const s2 = a;\n",
      'src/ui/analysis-type.ts':
        "import type { A } from '../analysis/a.ts';\nexport const t: A = 1;\n",
      'server/ok.ts': "import { c } from '../src/shared/c.ts';\nexport const s = c;\n",
      'src/shared/c.test.ts': "import { expect } from 'vitest';\nexport const t = expect;\n",
      'src/ui/features/sounds/ok.ts':
        "import { f } from '../downloads/index.ts';\nimport { m } from './model/m.ts';\nimport { p } from '../../player/index.ts';\nexport const o = [f, m, p];\n",
      'src/ui/features/sounds/model/m.ts': 'export const m = 1;\n',
      'src/ui/features/downloads/index.ts': 'export const f = 1;\n',
      'src/ui/player/index.ts': 'export const p = 1;\n',
      'src/ui/player/view/bar.test.ts':
        "import { f } from '../../features/downloads/inner.ts';\nexport const t = f;\n",
      'src/ui/player/view/bar.ts':
        "import { f } from '../../features/downloads/index.ts';\nexport const b = f;\n",
      'src/ui/features/downloads/inner.ts': 'export const f = 1;\n',
    });
    expect(result.output).not.toContain('no-restricted-imports');
    expect(result.ok).toBe(true);
  });

  it.each([
    [
      'a worker importing the React app',
      'src/workers/bad.ts',
      "import { app } from '../ui/app.ts';",
      'Workers import only src/shared, src/analysis and src/wasm',
    ],
    [
      'shared code importing a runtime library',
      'src/shared/bad.ts',
      "import { create } from 'zustand';",
      'src/shared is the pure contract',
    ],
    [
      'a worklet importing a worker',
      'src/worklets/bad.ts',
      "import { w } from '../workers/w.ts';",
      'AudioWorklet processors import only src/shared',
    ],
    [
      'the UI importing a worker by value',
      'src/ui/bad.ts',
      "import { w } from '../workers/w.ts';",
      'through their URL',
    ],
    [
      'the analysis importing a worker',
      'src/analysis/bad.ts',
      "import { w } from '../workers/w.ts';",
      'src/analysis is pure DSP',
    ],
    [
      'the analysis importing a Node module',
      'src/analysis/bad.ts',
      "import { readFileSync } from 'node:fs';",
      'src/analysis is pure DSP',
    ],
    [
      'the UI importing the analysis by value',
      'src/ui/bad.ts',
      "import { a } from '../analysis/a.ts';",
      'through their URL',
    ],
    [
      'the gateway importing the React app',
      'server/bad.ts',
      "import { app } from '../src/ui/app.ts';",
      'never the React app',
    ],
    [
      'shared code importing vitest (a test helper in the wrong place)',
      'src/shared/bad.ts',
      "import { expect } from 'vitest';",
      'Test helpers live in src/testing/',
    ],
    [
      'a feature reaching into another feature past its entry',
      'src/ui/features/sounds/components/bad.ts',
      "import { f } from '../../downloads/inner.ts';",
      'import from `../<feature>/index.ts`',
    ],
    [
      "a feature reaching into the player's store past its entry",
      'src/ui/features/sounds/components/bad.ts',
      "import { s } from '../../../player/store/player.store.ts';",
      "import { usePlayerStore } from '../../player/index.ts'",
    ],
    [
      'the player reaching into a feature past its entry',
      'src/ui/player/view/bad.ts',
      "import { f } from '../../features/downloads/inner.ts';",
      'import from `../<feature>/index.ts`',
    ],
  ])('fails for %s, naming the right module', (_case, file, line, message) => {
    const result = lint({
      ...target,
      'src/workers/w.ts': 'export const w = 1;\n',
      [file]: `${line}\nexport const x = 1;\n`,
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('no-restricted-imports');
    expect(result.output).toContain(message);
  });
});
