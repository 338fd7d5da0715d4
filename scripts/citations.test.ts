import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// A clone must resolve every citation in its docs and comments: nothing may point at the design
// documents that lived outside the repository. The product's rules are in docs/PRODUCT.md (§1–§9),
// architecture in the docs it names, library facts in docs/STACK-NOTES.md.
const repo = resolve(import.meta.dirname, '..');
const self = relative(repo, import.meta.filename);
const ROOTS = ['docs', 'src', 'server', 'desktop', 'tests', 'benchmarks', 'scripts', 'README.md'];

// Built from pieces so that this file does not match its own patterns.
const word = (text: string, notBefore = '') => new RegExp(`\\b${text}\\b${notBefore}`);
// A path from the repo's root as docs and comments write it: not part of a longer path (a relative
// import), and no pattern (<area>, *, {a,b}).
const REPO_PATH =
  /(?<![\w./<>*{-])(?:src|server|tests|docs|desktop|benchmarks|scripts)\/[\w./-]*\.(?:tsx?|md|sql|json|sh|mjs)\b/g;
// A folder the same way: it ends with a slash (`server/db/rows/`), not followed by more of a path.
const REPO_FOLDER =
  /(?<![\w./<>*{-])(?:src|server|tests|docs|desktop|benchmarks|scripts)\/(?:[\w.-]+\/)*(?![\w.*<{-])/g;

const FORBIDDEN: [string, RegExp][] = [
  ['the outside spec', word(['SP', 'EC'].join(''))],
  ['the outside design brief', word(['DES', 'IGN'].join(''))],
  ['the outside stack notes', word(['STA', 'CK'].join(''), '(?!-NOTES)')],
  ['the outside stack notes', new RegExp(['STA', 'CK\\.md'].join(''))],
  ['the shared folder beside the repo', new RegExp(['\\.\\./sha', 'red/[A-Z]'].join(''))],
  ['the shared folder beside the repo', new RegExp(['/work/sha', 'red'].join(''))],
];

/** Every text file under the roots that git tracks or would track. */
function scannedFiles(): string[] {
  return execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...ROOTS],
    { cwd: repo, encoding: 'utf8' },
  )
    .split('\n')
    .filter((file) => file && file !== self && existsSync(join(repo, file)))
    .filter((file) => /\.(ts|tsx|mts|mjs|js|md|sql|json|html|css|sh)$/.test(file));
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function headings(doc: string): string[] {
  return readFileSync(join(repo, doc), 'utf8')
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => line.replace(/^#+ /, ''));
}

/**
 * `docs/X.md "Name"`, `docs/X.md, "Name"`, `docs/X.md ("Name")` or `docs/X.md: “Name”`: a section;
 * the same after `benchmarks/README.md`, the home of the benchmarks' methods and budgets.
 */
const SECTION_CITE = /\b((?:docs|benchmarks)\/[\w/.-]+?\.md)`?[,:]? ?\(?["“]([^"”\n]+)["”]/g;

/** A heading that holds the name, a bold label starting with it, or a line opening with `Name:`. */
function hasSection(doc: string, name: string): boolean {
  const text = readFileSync(join(repo, doc), 'utf8');
  return (
    headings(doc).some((heading) => heading.includes(name)) ||
    text.includes(`**${name}`) ||
    text.split('\n').some((line) => line.startsWith(`${name}:`))
  );
}

const files = scannedFiles();
const texts = new Map(files.map((file) => [file, readFileSync(join(repo, file), 'utf8')]));

describe('citations a clone can resolve', () => {
  it('scans the docs, the code and the README', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/PRODUCT.md');
    expect(files.some((file) => file.startsWith('src/'))).toBe(true);
    expect(files.some((file) => file.startsWith('server/'))).toBe(true);
  });

  it('recognises each outside citation, and not the repo citations', () => {
    const cites = (line: string) => FORBIDDEN.some(([, pattern]) => pattern.test(line));
    const [spec, design, stack] = [
      ['SP', 'EC'],
      ['DES', 'IGN'],
      ['STA', 'CK'],
    ].map((p) => p.join(''));
    for (const line of [
      `// ${spec} §4: a newer request wins`,
      `/** The protocol of ${design} §4. */`,
      `see ${stack}.md "SQLite FTS5 and Chinese"`,
      `(${stack} "Security references")`,
      `read ../${'shared'}/${spec}.md`,
      `/work/${'shared'}/notes`,
    ])
      expect(cites(line), line).toBe(true);
    for (const line of [
      '// docs/PRODUCT.md §4: a newer request wins',
      'docs/STACK-NOTES.md#security-references',
      "import { API } from '../../shared/index.ts';",
      'const spectrum = 1; // design decision, lower case',
    ])
      expect(cites(line), line).toBe(false);
  });

  it('cites nothing outside the repository', () => {
    const found: string[] = [];
    for (const [file, text] of texts)
      text.split('\n').forEach((line, index) => {
        const hit = FORBIDDEN.find(([, pattern]) => pattern.test(line));
        if (hit) found.push(`${file}:${index + 1} cites ${hit[0]}: ${line.trim()}`);
      });
    expect(
      found,
      'cite docs/PRODUCT.md §N, the repo doc that holds it, or docs/STACK-NOTES.md',
    ).toEqual([]);
  });

  it('has every docs/PRODUCT.md §N it cites, and §1–§9 in order', () => {
    const sections = headings('docs/PRODUCT.md')
      .map((heading) => /^§(\d+) /.exec(heading)?.[1])
      .filter(Boolean)
      .map(Number);
    expect(sections).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const missing: string[] = [];
    for (const [file, text] of texts)
      for (const match of text.matchAll(/docs\/PRODUCT\.md §(\d+)((?:[/–-]§?\d+)*)/g)) {
        const cited = [match[1], ...(match[2]?.match(/\d+/g) ?? [])].map(Number);
        for (const n of cited) if (!sections.includes(n)) missing.push(`${file}: §${n}`);
      }
    expect(missing).toEqual([]);
  });

  it('points every docs/… path and #anchor it cites at a real file and heading', () => {
    const broken: string[] = [];
    for (const [file, text] of texts)
      for (const match of text.matchAll(/\bdocs\/[\w/.-]+?\.md(?:#[\w-]+)?/g)) {
        const [doc, anchor] = match[0].split('#') as [string, string | undefined];
        if (!existsSync(join(repo, doc))) broken.push(`${file}: ${match[0]} (no such file)`);
        else if (anchor && !headings(doc).some((heading) => slug(heading) === anchor))
          broken.push(`${file}: ${match[0]} (no such heading)`);
      }
    expect(broken).toEqual([]);
  });

  it('names only sections a cited doc has: docs/X.md "Section", benchmarks/README.md "Section"', () => {
    // A quoted name after a doc is a section: a heading holding it, a bold label or a "Name:" line.
    const broken: string[] = [];
    for (const [file, text] of texts)
      text.split('\n').forEach((line, index) => {
        for (const [, doc = '', name = ''] of line.matchAll(SECTION_CITE)) {
          if (name.includes('<') || !existsSync(join(repo, doc))) continue;
          if (!hasSection(doc, name)) broken.push(`${file}:${index + 1}: ${doc} "${name}"`);
        }
      });
    expect(broken).toEqual([]);
  });

  it('reads a quoted section after a doc, in either kind of quotes', () => {
    const cited = (line: string) =>
      [...line.matchAll(SECTION_CITE)].map(([, doc, name]) => [doc, name]);
    expect(
      cited(
        'see docs/AUDIO.md, "Loops", docs/UI.md “One scroll”, `docs/API.md`, "Auth" and benchmarks/README.md "Load"',
      ),
    ).toEqual([
      ['docs/AUDIO.md', 'Loops'],
      ['docs/UI.md', 'One scroll'],
      ['docs/API.md', 'Auth'],
      ['benchmarks/README.md', 'Load'],
    ]);
    expect(hasSection('benchmarks/README.md', 'The real path')).toBe(true);
    expect(hasSection('docs/AUDIO.md', 'Loops')).toBe(true);
    expect(hasSection('docs/AUDIO.md', 'No such section anywhere')).toBe(false);
  });

  it('points every repo path and folder it names (src/, server/, tests/, docs/ …) at a real one', () => {
    // Tests build throw-away trees with made-up paths, so only docs and code outside tests count.
    const broken: string[] = [];
    for (const [file, text] of texts) {
      if (/\.test\.tsx?$/.test(file)) continue;
      text.split('\n').forEach((line, index) => {
        for (const [path] of line.matchAll(REPO_PATH))
          if (!existsSync(join(repo, path))) broken.push(`${file}:${index + 1}: ${path}`);
        for (const [folder] of line.matchAll(REPO_FOLDER))
          if (!existsSync(join(repo, folder))) broken.push(`${file}:${index + 1}: ${folder}`);
      });
    }
    expect(broken).toEqual([]);
  });

  it('reads a repo path in prose, and not a relative import or a pattern', () => {
    const paths = (line: string) => [...line.matchAll(REPO_PATH)].map(([path]) => path);
    expect(paths('see `src/testing/hostile-strings.ts`, and server/db/x.sql.')).toEqual([
      'src/testing/hostile-strings.ts',
      'server/db/x.sql',
    ]);
    expect(paths("import { API } from '../../src/shared/index.ts';")).toEqual([]);
    expect(paths('server/<area>/*.routes.ts and src/ui/features/**/*.test.ts')).toEqual([]);
    const folders = (line: string) => [...line.matchAll(REPO_FOLDER)].map(([folder]) => folder);
    expect(folders('`server/db/rows/` beside server/db/x.ts and ../src/shared/')).toEqual([
      'server/db/rows/',
    ]);
  });
});
