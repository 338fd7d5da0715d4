import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import {
  MAX_NAME_BYTES,
  numberedName,
  safeFileName,
  safeLayoutFolders,
  safeRelativeFolders,
  safeSegment,
} from './safe-name.ts';

describe('names from the page', () => {
  it.each([
    ['../../etc/passwd', '_.._etc_passwd'],
    ['/abs', '_abs'],
    ['C:\\x', 'C__x'],
    ['..', 'fb'],
    ['', 'fb'],
    ['  ...  ', 'fb'],
    ['a\u0000b\u001fc\u007f', 'a_b_c_'],
    ['CON', '_CON'],
    ['lpt1.txt', '_lpt1.txt'],
    ['name. . ', 'name'],
    ['.hidden', 'hidden'],
    ['古筝 拨弦', '古筝 拨弦'],
  ])('segment %j becomes %j', (input, expected) => {
    expect(safeSegment(input, 'fb')).toBe(expected);
  });

  it.each([
    ['Kick 01.wav', 'Kick 01.wav'],
    ['../../etc/passwd', '_.._etc_passwd'],
    ['CON.wav', '_CON.wav'],
    ['nul.WAV', '_nul.wav'],
    ['\u0000.wav', '_.wav'],
    ['', 'sample'],
    ['.wav', 'wav'],
    ['a.b/c.wav', 'a.b_c.wav'],
  ])('file name %j becomes %j', (input, expected) => {
    expect(safeFileName(input)).toBe(expected);
  });

  it('caps a 300-character name in bytes, keeping the extension and whole characters', () => {
    const ascii = safeFileName(`${'x'.repeat(300)}.wav`);
    expect(Buffer.byteLength(ascii)).toBe(MAX_NAME_BYTES);
    expect(ascii.endsWith('x.wav')).toBe(true);
    const chinese = safeFileName(`${'鼓'.repeat(300)}.flac`);
    expect(Buffer.byteLength(chinese)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(chinese).toMatch(/^鼓+\.flac$/);
  });

  it('numbers alternatives from (1), within the byte cap', () => {
    expect(numberedName('Kick.wav', 0)).toBe('Kick.wav');
    expect(numberedName('Kick.wav', 1)).toBe('Kick (1).wav');
    expect(numberedName('README', 2)).toBe('README (2)');
    const long = safeFileName(`${'y'.repeat(300)}.wav`);
    expect(Buffer.byteLength(numberedName(long, 12))).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(numberedName(long, 12).endsWith(' (12).wav')).toBe(true);
  });

  it('accepts only the sounds/packs/{brand}/{type} layout and sanitises brand and type', () => {
    expect(safeLayoutFolders(['sounds', 'packs', '', ''])).toEqual([
      'sounds',
      'packs',
      'unknown-brand',
      'other',
    ]);
    expect(safeLayoutFolders(['sounds', 'packs', '../..', 'a/b'])).toEqual([
      'sounds',
      'packs',
      '_',
      'a_b',
    ]);
    for (const bad of [
      undefined,
      'sounds/packs/x/y',
      ['sounds', 'packs', 'x'],
      ['..', 'packs', 'x', 'y'],
      ['sounds', 'packs', 'x', 7],
      ['sounds', 'packs', 'x', 'y', 'z'],
    ])
      expect(() => safeLayoutFolders(bad)).toThrow(/folders must be/);
  });

  it('turns a relative folder path into safe segments that never climb', () => {
    expect(safeRelativeFolders('sounds/packs/../../..')).toEqual([
      'sounds',
      'packs',
      '_',
      '_',
      '_',
    ]);
    expect(safeRelativeFolders('/etc\\passwd/./')).toEqual(['etc', 'passwd']);
    expect(safeRelativeFolders('')).toEqual([]);
  });
});
