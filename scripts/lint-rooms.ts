import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// The import rules of docs/ARCHITECTURE.md#what-may-import-what as a short table of rooms.
// `.oxlintrc.json` is generated from it (`node scripts/lint-config.ts`); lint-config.test.ts
// fails when the committed file differs, so a rule is changed here, once.

/** One forbidden group of imports and the message that names what to import instead. */
interface Forbid {
  group: string[];
  message: string;
  /** `import type` of the group is allowed (the UI's view of workers and worklets). */
  allowTypeImports?: boolean;
}

/** A room: the files it covers and the imports forbidden there. */
interface Room {
  files: string[];
  forbid: Forbid[];
}

const REACT = ['react', 'react-*'];
const UI_RUNTIME = [...REACT, 'zustand', 'i18next', 'styled-components'];
const OURS = (...parts: string[]) => parts.map((part) => `**/${part}/**`);

const SHARED_IS_PURE: Forbid = {
  group: [
    ...OURS('ui', 'workers', 'worklets', 'wasm', 'analysis', 'server', 'desktop'),
    'node:*',
    ...UI_RUNTIME,
    'ky',
  ],
  message:
    'src/shared is the pure contract: it imports nothing of ours and no runtime library. Move the code that needs this into the part that uses it.',
};

const UI_REACHES_WORKERS_BY_URL: Forbid = {
  group: OURS('workers', 'worklets', 'wasm', 'analysis'),
  allowTypeImports: true,
  message:
    "The UI reaches workers and worklets through their URL (new Worker(new URL('…', import.meta.url))) and `import type` only, and src/analysis runs in the worker pool (import type only); shared constants come from src/shared.",
};

const UI_TALKS_HTTP: Forbid = {
  group: [...OURS('server', 'desktop'), 'node:*'],
  message:
    'The UI talks to the gateway over HTTP (src/ui/api) and to the desktop shell through its bridge; it never imports server/ or desktop/ code.',
};

const UI_NO_SPREADSHEETS: Forbid = {
  group: ['exceljs', 'exceljs/**'],
  message:
    'Spreadsheets are read and written by the gateway (server/admin/admin-sheet*.ts): exceljs never reaches the page.',
};

/** The rooms below src/ui/features are added per feature folder by `lintConfig`. */
export const ROOMS: Room[] = [
  {
    files: ['src/shared/**'],
    forbid: [
      SHARED_IS_PURE,
      {
        group: ['vitest', 'vitest/*', '@vitest/*'],
        message:
          "src/shared ships inside every part of the app, so it never imports vitest. Test helpers live in src/testing/ (e.g. `import { expectAudioError } from '../testing/expect-audio-error.ts'`); only a test beside its code (*.test.ts) may import vitest.",
      },
    ],
  },
  { files: ['src/shared/**/*.test.ts'], forbid: [SHARED_IS_PURE] },
  {
    files: ['src/testing/**'],
    forbid: [
      {
        group: [...OURS('ui', 'workers', 'worklets', 'wasm', 'server', 'desktop'), ...REACT],
        message:
          "src/testing holds test helpers every part's tests share: it imports only src/shared (and vitest). Part-specific helpers stay in that part (e.g. src/wasm/testing, src/workers/testing).",
      },
    ],
  },
  {
    files: ['src/wasm/**'],
    forbid: [
      {
        group: [
          ...OURS('ui', 'workers', 'worklets', 'analysis', 'server', 'desktop'),
          ...UI_RUNTIME,
        ],
        message:
          'src/wasm modules are leaves: import only src/wasm and src/shared. Callers import the loader from src/wasm, not the other way round.',
      },
    ],
  },
  {
    files: ['src/analysis/**'],
    forbid: [
      {
        group: [
          ...OURS('ui', 'workers', 'worklets', 'wasm', 'server', 'desktop'),
          'node:*',
          ...UI_RUNTIME,
          'ky',
          'comlink',
        ],
        message:
          'src/analysis is pure DSP on Float32Arrays shared by the gateway and the worker pool: it imports only src/shared and pure-JS libraries (fft.js), no DOM and no Node API.',
      },
    ],
  },
  {
    files: ['src/analysis/**/*.test.ts'],
    forbid: [
      {
        group: [...OURS('ui', 'workers', 'worklets', 'wasm', 'server', 'desktop'), ...REACT],
        message:
          'Tests of src/analysis test the layer alone: they may use Node (to run SoX) but import no other part of the app.',
      },
    ],
  },
  {
    files: ['src/workers/**'],
    forbid: [
      {
        group: [
          ...OURS('ui', 'worklets', 'server', 'desktop'),
          ...REACT,
          'zustand',
          'i18next',
          'react-i18next',
          'styled-components',
        ],
        message:
          'Workers import only src/shared, src/analysis and src/wasm. Put constants and message types in src/shared; decoders in src/wasm.',
      },
    ],
  },
  {
    files: ['src/worklets/**'],
    forbid: [
      {
        group: [
          ...OURS('ui', 'workers', 'wasm', 'analysis', 'server', 'desktop'),
          ...UI_RUNTIME,
          'comlink',
        ],
        message:
          'AudioWorklet processors import only src/shared (processor names and parameter descriptors live there).',
      },
    ],
  },
  { files: ['src/ui/**'], forbid: [UI_REACHES_WORKERS_BY_URL, UI_TALKS_HTTP, UI_NO_SPREADSHEETS] },
  {
    files: ['server/**', 'desktop/**'],
    forbid: [
      {
        group: [
          '**/src/ui/**',
          '**/src/workers/**',
          '**/src/worklets/**',
          ...REACT,
          'zustand',
          'styled-components',
        ],
        message:
          'server/ and desktop/ may import src/shared (and src/wasm for decoders), never the React app or browser-only code.',
      },
    ],
  },
];

/** A room with one door: a feature folder, or the player (src/ui/player). */
interface DoorRoom {
  /** The folder's last name, as an import path ends before `/index.ts`. */
  name: string;
  folder: string;
}

/** The player is one room beside the features, entered like one (docs/AUDIO.md, "The player room"). */
const PLAYER: DoorRoom = { name: 'player', folder: 'src/ui/player' };

/** A door room's rules: the UI's, plus every other feature and the player only through its entry. */
function doorRoom(room: DoorRoom, all: DoorRoom[]): Room {
  const others = all.filter((other) => other !== room).map((other) => other.name);
  return {
    files: [`${room.folder}/**`],
    forbid: [
      UI_REACHES_WORKERS_BY_URL,
      UI_TALKS_HTTP,
      UI_NO_SPREADSHEETS,
      {
        group: [
          ...OURS(...others),
          ...others.flatMap((other) => [`!**/${other}/index.ts`, `!**/${other}/index.tsx`]),
        ],
        message:
          "A feature uses another feature, and the player, only through its entry: import from `../<feature>/index.ts` (or index.tsx), e.g. `import { useItemFlags } from '../../downloads/index.ts'` or `import { usePlayerStore } from '../../player/index.ts'`, and export what you need there. See docs/ARCHITECTURE.md, \"What may import what\".",
      },
    ],
  };
}

/** Tests of a feature or of the player may reach inside another room to set up a case. */
const FEATURE_TESTS: Room = {
  files: [
    'src/ui/features/**/*.test.ts',
    'src/ui/features/**/*.test.tsx',
    `${PLAYER.folder}/**/*.test.ts`,
    `${PLAYER.folder}/**/*.test.tsx`,
  ],
  forbid: [UI_REACHES_WORKERS_BY_URL, UI_TALKS_HTTP, UI_NO_SPREADSHEETS],
};

/** The feature folders under src/ui/features, sorted. */
export function featureFolders(repo: string): string[] {
  return readdirSync(join(repo, 'src/ui/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The whole oxlint configuration for these feature folders. */
export function lintConfig(features: string[]): object {
  const doors = [...features.map((name) => ({ name, folder: `src/ui/features/${name}` })), PLAYER];
  const rooms = [...ROOMS, ...doors.map((room) => doorRoom(room, doors)), FEATURE_TESTS];
  return {
    $schema: './node_modules/oxlint/configuration_schema.json',
    plugins: ['typescript', 'react', 'import', 'unicorn'],
    categories: { correctness: 'error' },
    ignorePatterns: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'benchmarks/results/**',
      'test-results/**',
    ],
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'typescript/consistent-type-imports': 'error',
      'react/react-in-jsx-scope': 'off',
      'react/no-danger': 'error',
      'no-eval': 'error',
    },
    overrides: rooms.map((room) => ({
      files: room.files,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: room.forbid.map(({ group, allowTypeImports, message }) =>
              allowTypeImports ? { group, allowTypeImports, message } : { group, message },
            ),
          },
        ],
      },
    })),
  };
}
