import { describe, expect, it } from 'vitest';
import {
  MAX_NAME_BYTES,
  isContainedPath,
  numberedName,
  safeFileName,
  safeSegment,
  sampleFolders,
} from './safe-name.ts';

// UTF-8 length without TextEncoder or Buffer (src/shared compiles without DOM or Node types).
const utf8Bytes = (text: string) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, '_').length;

const DEVICES = ['CON', 'PRN', 'AUX', 'NUL', 'CONIN$', 'CONOUT$'];
for (let n = 1; n <= 9; n++) DEVICES.push(`COM${n}`, `LPT${n}`);

describe('safeSegment', () => {
  it.each(DEVICES)('escapes the Windows device name %s with any case and extension', (device) => {
    expect(safeSegment(device)).toBe(`_${device}`);
    expect(safeSegment(device.toLowerCase())).toBe(`_${device.toLowerCase()}`);
    expect(safeSegment(`${device}.wav`)).toBe(`_${device}.wav`);
    expect(safeSegment(`${device}.tar.gz`)).toBe(`_${device}.tar.gz`);
    expect(safeSegment(`${device} .txt`)).toBe(`_${device} .txt`);
  });

  // Kept (Chinese too) and normalised to NFC; left alone when only starting like a device; trailing
  // dots and spaces dropped (Windows would, silently); separators, characters illegal on file
  // systems and control characters replaced; never a traversal, a hidden file or an empty name.
  it.each([
    ['Trap Drums Vol 2', 'Trap Drums Vol 2'],
    ['古筝 拨弦', '古筝 拨弦'],
    ['Cafe\u0301', 'Caf\u00e9'],
    ['CONSOLE', 'CONSOLE'],
    ['COM10', 'COM10'],
    ['Nullify.wav', 'Nullify.wav'],
    ['auxiliary', 'auxiliary'],
    ['name. . ', 'name'],
    ['kick...', 'kick'],
    ['CON. ', '_CON'],
    ['a/b\\c:d*e?f"g<h>i|j', 'a_b_c_d_e_f_g_h_i_j'],
    ['bell\u0007nul\u0000del\u007fc1\u0085', 'bell_nul_del_c1_'],
    ['tab\tand\nnewline', 'tab_and_newline'],
    ['..', 'untitled'],
    ['.', 'untitled'],
    ['../../etc/passwd', '_.._etc_passwd'],
    ['.hidden', 'hidden'],
    ['   ', 'untitled'],
  ])('safeSegment(%j) is %j', (name, safe) => expect(safeSegment(name)).toBe(safe));

  it('falls back to the given name when nothing is left', () => {
    expect(safeSegment('', 'other')).toBe('other');
  });

  it('caps overlong names in UTF-8 bytes without splitting a character', () => {
    expect(utf8Bytes(safeSegment('x'.repeat(500)))).toBe(MAX_NAME_BYTES);
    expect(safeSegment('鼓'.repeat(200))).toBe('鼓'.repeat(MAX_NAME_BYTES / 3));
    const emoji = safeSegment('🥁'.repeat(100));
    expect(utf8Bytes(emoji)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(emoji).toBe('🥁'.repeat(MAX_NAME_BYTES / 4));
  });
});

describe('safeFileName', () => {
  it.each([
    ['Kick 01.wav', 'Kick 01.wav'],
    ['../../etc/passwd', '_.._etc_passwd'],
    ['..\\evil\u0000.wav', '_evil_.wav'],
    ['CON.wav', '_CON.wav'],
    ['nul.WAV', '_nul.wav'],
    ['Lpt9.Flac', '_Lpt9.flac'],
    ['\u0000.wav', '_.wav'],
    ['', 'sample'],
    ['   ', 'sample'],
    ['.wav', 'wav'],
    ['a.b/c.wav', 'a.b_c.wav'],
    ['kick. .wav', 'kick.wav'],
  ])('%j becomes %j', (input, expected) => {
    expect(safeFileName(input)).toBe(expected);
  });

  it('takes the stem and the extension apart when given both', () => {
    expect(safeFileName('Kick / Hard', 'WAV')).toBe('Kick _ Hard.wav');
    expect(safeFileName('..', 'mp3')).toBe('sample.mp3');
    expect(safeFileName('aux', 'wav')).toBe('_aux.wav');
    expect(safeFileName('Pad', 'x/../y')).toBe('Pad.xy');
  });

  it('caps the stem, keeping the extension and whole characters', () => {
    const ascii = safeFileName(`${'x'.repeat(300)}.wav`);
    expect(utf8Bytes(ascii)).toBe(MAX_NAME_BYTES);
    expect(ascii.endsWith('x.wav')).toBe(true);
    const chinese = safeFileName('鼓'.repeat(300), 'flac');
    expect(utf8Bytes(chinese)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(chinese).toMatch(/^鼓+\.flac$/);
  });
});

describe('numberedName', () => {
  it('tries the name itself, then numbers later copies from (2)', () => {
    expect(numberedName('kick.wav', 0)).toBe('kick.wav');
    expect(numberedName('kick.wav', 1)).toBe('kick.wav');
    expect(numberedName('kick.wav', 2)).toBe('kick (2).wav');
    expect(numberedName('kick.wav', 3)).toBe('kick (3).wav');
    expect(numberedName('README', 2)).toBe('README (2)');
    expect(numberedName('take.1.final.flac', 2)).toBe('take.1.final (2).flac');
  });

  it('stays within the byte cap, keeping the number and the extension', () => {
    const long = safeFileName(`${'y'.repeat(300)}.wav`);
    const numbered = numberedName(long, 12);
    expect(utf8Bytes(numbered)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(numbered.endsWith('y (12).wav')).toBe(true);
  });
});

describe('folders', () => {
  it('are sounds/packs/{brand}/{type} with safe names', () => {
    expect(sampleFolders('Yinku Labs', 'Drums')).toEqual([
      'sounds',
      'packs',
      'Yinku Labs',
      'Drums',
    ]);
    expect(sampleFolders('../..', 'a/b')).toEqual(['sounds', 'packs', '_', 'a_b']);
    expect(sampleFolders('..', '')).toEqual(['sounds', 'packs', 'unknown-brand', 'other']);
    expect(sampleFolders('PRN', 'COM1')).toEqual(['sounds', 'packs', '_PRN', '_COM1']);
  });

  it('recognise paths that stay inside the root', () => {
    expect(isContainedPath(['sounds', 'packs', 'Brand', 'Drums', 'kick (2).wav'])).toBe(true);
    expect(isContainedPath(['sounds', '..', 'x'])).toBe(false);
    expect(isContainedPath(['sounds', 'a/b'])).toBe(false);
    expect(isContainedPath(['.ssh'])).toBe(false);
    expect(isContainedPath(['CON'])).toBe(false);
    expect(isContainedPath(['name '])).toBe(false);
    expect(isContainedPath([''])).toBe(false);
  });
});
