import { describe, expect, it } from 'vitest';
import { safeLayoutFolders, safeRelativeFolders } from './safe-name.ts';

// Names themselves are made safe by src/shared/safe-name.ts (tested there); these are the
// shell's own checks of the folders a page asks for.
describe('folders from the page', () => {
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
