import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { FTS_SQL_STRINGS, HOSTILE_FAMILIES } from '../../src/testing/hostile-strings.ts';

/** One call a page could make on the bridge (arguments as hostile as the page likes). */
export type BridgeOp =
  | {
      op: 'save';
      folders: unknown;
      fileName: unknown;
      chunks: unknown[];
      end: 'commit' | 'abort' | 'commit-twice' | 'idle';
    }
  | { op: 'setDownloadRoot'; path: unknown }
  | { op: 'openFolder'; path: unknown }
  | { op: 'stray'; call: 'saveChunk' | 'saveCommit' | 'saveAbort'; token: unknown };

const names = [...Object.values(HOSTILE_FAMILIES).flat(), ...FTS_SQL_STRINGS];
// Escapes from the type folder (4 below the root) up 5–9 levels: into the sandbox, the jail, the
// temp folder and the file system's root, where the canary check looks for them.
const ESCAPE_NAME = 'yinku-fuzz-escape.wav';
const ESCAPES = [5, 6, 7, 8, 9].flatMap((depth) => [
  '../'.repeat(depth) + ESCAPE_NAME,
  '..\\'.repeat(depth) + ESCAPE_NAME,
]);
/** Where the deepest escapes land: checked (and removed) around every case. */
export const CANARIES = [join(tmpdir(), ESCAPE_NAME), join('/', ESCAPE_NAME)];

/** A name: hostile, an escape attempt, or ordinary. */
const nameArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...names) },
  { weight: 2, arbitrary: fc.constantFrom(...ESCAPES, `/tmp/${ESCAPE_NAME}`) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('Kick.wav', 'loop 120.flac', '古筝.mp3') },
);
const wrongType = fc.constantFrom<unknown>(null, undefined, 42, true, {}, [], { length: 4 }, [
  'sounds',
]);

/** Folder lists: the layout with hostile brand/type, wrong lengths, wrong prefixes, wrong types. */
const foldersArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(nameArb, nameArb).map(([brand, type]) => ['sounds', 'packs', brand, type]),
  },
  { weight: 1, arbitrary: fc.array(nameArb, { maxLength: 6 }) },
  { weight: 1, arbitrary: fc.tuple(nameArb, nameArb, nameArb, nameArb) },
  { weight: 1, arbitrary: wrongType },
);

/** Chunks: valid base64, broken base64, empty, wrong types, one just over the size cap. */
const chunkArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .uint8Array({ maxLength: 64 })
      .map((bytes) => Buffer.from(bytes).toString('base64')),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      '',
      '!!!!',
      'a',
      'abc',
      '====',
      'YQ==YQ==',
      'YQ=\0',
      '\ud800AAA',
      'QUJD\n',
    ),
  },
  { weight: 1, arbitrary: wrongType },
);

/** Download roots: inside the sandbox (good), relative, empty, NUL, a file, uncreatable. */
function rootArb(sandbox: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        join(sandbox, 'roots', 'a'),
        join(sandbox, 'roots', 'b', '..', 'c'),
        join(sandbox, 'roots', '古筝 root'),
      ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(
        '',
        ' ',
        'relative/root',
        '../x',
        '\0',
        `${sandbox}/roots/\0x`,
        join(sandbox, 'a-file'),
        '/proc/yinku-fuzz',
        'x'.repeat(5000),
      ),
    },
    { weight: 1, arbitrary: wrongType },
  );
}

/** A sequence of bridge calls. */
export function opsArb(sandbox: string): fc.Arbitrary<BridgeOp[]> {
  const op: fc.Arbitrary<BridgeOp> = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        op: fc.constant('save' as const),
        folders: foldersArb,
        // Escapes get their own weight here: a save that commits one is the case a broken
        // sanitiser shows in (the mutant test needs it well within its 200 cases).
        fileName: fc.oneof(
          { weight: 5, arbitrary: nameArb },
          { weight: 3, arbitrary: fc.constantFrom(...ESCAPES) },
          { weight: 1, arbitrary: wrongType },
        ),
        chunks: fc.array(chunkArb, { maxLength: 4 }),
        end: fc.constantFrom(
          'commit' as const,
          'abort' as const,
          'commit-twice' as const,
          'idle' as const,
        ),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ op: fc.constant('setDownloadRoot' as const), path: rootArb(sandbox) }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('openFolder' as const),
        path: fc.oneof(
          nameArb,
          wrongType,
          fc.constantFrom('../..', '/etc', 'sounds/../..', 'sounds/packs'),
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('stray' as const),
        call: fc.constantFrom('saveChunk' as const, 'saveCommit' as const, 'saveAbort' as const),
        token: fc.oneof(wrongType, nameArb),
      }),
    },
  );
  return fc.array(op, { minLength: 1, maxLength: 6 });
}
