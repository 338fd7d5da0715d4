// Inputs that have broken parsers, databases and file systems; the fuzzers draw from them
// (docs/FUZZING.md). Plain data: the HTTP, desktop and audio fuzzers all use it.

/** Hostile strings by family, so each family is drawn as often as the others. */
export const HOSTILE_FAMILIES: Readonly<Record<string, readonly string[]>> = {
  control: ['\0', 'a\0b', '\0\0\0', 'kick\0', '\u0007\u001b[31m\u007f\0'],
  surrogates: ['\ud800', 'x\udc00y', '\udfff\ud800', '\ud83c', '\u{1f3b9}\udc00'],
  invisible: [
    '\u202eevil\u202c',
    '\u200f\u05d0\u05d1',
    '\u200b',
    '\ufeff',
    '\u200d\u2060',
    '\u0085\u2028\u2029',
    '\uffff',
    'e\u0301\u0301\u0301',
    'Ａｂｃ１２３',
  ],
  paths: [
    '..',
    '../../etc/passwd',
    '..\\..\\windows',
    '/',
    '\\',
    'CON',
    'nul.txt',
    'a/b',
    'C:\\x',
    '~',
  ],
  sizes: ['', ' ', 'a'.repeat(300), 'x'.repeat(100_000), '古'.repeat(1000)],
};

/** FTS5 and SQL punctuation: operators, quotes, comments, LIKE wildcards. */
export const FTS_SQL_STRINGS: readonly string[] = [
  '"',
  '""',
  "'",
  '*',
  '^',
  'NEAR(a b, 2)',
  'a OR b',
  'a AND NOT b',
  'col:value',
  '{a b}:c',
  '(',
  ')',
  '-',
  '+',
  "' OR 1=1 --",
  "'; DROP TABLE samples; --",
  '" OR ""="',
  '/* */',
  '%',
  '_',
  '%_\\',
  '\\0',
  'kick" *',
];

/** Numbers at the edges, as text: −1, 0, 2^53, 1e309 (Infinity), NaN and friends. */
export const BOUNDARY_NUMBERS: readonly string[] = [
  '-1',
  '0',
  '-0',
  '1',
  '9007199254740992',
  '9007199254740993',
  '2147483648',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '1.5',
  '1e-400',
  '0x10',
  '1_000',
  '00001',
];
