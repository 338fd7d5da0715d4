import { describe, expect, it } from 'vitest';
import {
  MAX_SEGMENT_BYTES,
  isContainedPath,
  numberedName,
  sampleFolders,
  sanitizeFileName,
  sanitizeSegment,
} from './sanitize-name.ts';

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('sanitizeSegment', () => {
  it('keeps ordinary names, including Chinese ones', () => {
    expect(sanitizeSegment('Trap Drums Vol 2')).toBe('Trap Drums Vol 2');
    expect(sanitizeSegment('古筝 拨弦')).toBe('古筝 拨弦');
  });

  it('normalises to NFC so the same name is one file', () => {
    expect(sanitizeSegment('Cafe\u0301')).toBe('Café');
    expect(sanitizeSegment('Cafe\u0301')).toBe('Caf\u00e9');
  });

  it('replaces separators, reserved characters and control characters', () => {
    expect(sanitizeSegment('a/b\\c:d*e?f"g<h>i|j')).toBe('a_b_c_d_e_f_g_h_i_j');
    expect(sanitizeSegment('bell\u0007tab\tnul\u0000')).toBe('bell_tab_nul_');
  });

  it('never yields a traversal, hidden or empty name', () => {
    expect(sanitizeSegment('..')).toBe('untitled');
    expect(sanitizeSegment('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(sanitizeSegment('.hidden')).toBe('hidden');
    expect(sanitizeSegment('   ')).toBe('untitled');
    expect(sanitizeSegment('', 'other')).toBe('other');
    expect(sanitizeSegment('name. . ')).toBe('name');
  });

  it('escapes Windows device names', () => {
    expect(sanitizeSegment('CON')).toBe('_CON');
    expect(sanitizeSegment('lpt1.wav')).toBe('_lpt1.wav');
    expect(sanitizeSegment('CONSOLE')).toBe('CONSOLE');
  });

  it('caps long names by UTF-8 bytes without splitting a character', () => {
    const long = sanitizeSegment('鼓'.repeat(200));
    expect(bytes(long)).toBeLessThanOrEqual(MAX_SEGMENT_BYTES);
    expect(long).toBe('鼓'.repeat(Math.floor(MAX_SEGMENT_BYTES / 3)));
  });
});

describe('sanitizeFileName', () => {
  it('joins a safe stem and a lower-case extension', () => {
    expect(sanitizeFileName('Kick / Hard', 'WAV')).toBe('Kick _ Hard.wav');
    expect(sanitizeFileName('..', 'mp3')).toBe('sample.mp3');
  });

  it('keeps the extension when the stem is capped', () => {
    const name = sanitizeFileName('x'.repeat(500), 'flac');
    expect(name.endsWith('.flac')).toBe(true);
    expect(bytes(name)).toBeLessThanOrEqual(MAX_SEGMENT_BYTES);
  });
});

describe('folder layout', () => {
  it('is sounds/packs/{brand}/{type} with sanitized names', () => {
    expect(sampleFolders('Yinku Labs', 'Drums')).toEqual([
      'sounds',
      'packs',
      'Yinku Labs',
      'Drums',
    ]);
    expect(sampleFolders('../..', 'a/b')).toEqual(['sounds', 'packs', '_', 'a_b']);
    expect(sampleFolders('..', '')).toEqual(['sounds', 'packs', 'unknown-brand', 'other']);
  });

  it('numbers later copies instead of overwriting', () => {
    expect(numberedName('kick.wav', 1)).toBe('kick.wav');
    expect(numberedName('kick.wav', 2)).toBe('kick (2).wav');
    expect(numberedName('noext', 3)).toBe('noext (3)');
  });

  it('recognises paths that stay inside the root', () => {
    expect(isContainedPath(['sounds', 'packs', 'Brand', 'Drums', 'kick.wav'])).toBe(true);
    expect(isContainedPath(['sounds', '..', 'x'])).toBe(false);
    expect(isContainedPath(['sounds', 'a/b'])).toBe(false);
    expect(isContainedPath(['.ssh'])).toBe(false);
    expect(isContainedPath([''])).toBe(false);
  });
});
