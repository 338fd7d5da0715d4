import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listDownloadedFiles, readDownloadedFile } from './local-files.ts';

let base: string;
let root: string;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'yinku-local-files-'));
  root = join(base, 'Yinku');
  mkdirSync(join(root, 'sounds', 'packs', 'Brand', 'Drums'), { recursive: true });
  writeFileSync(join(root, 'sounds', 'packs', 'Brand', 'Drums', 'Kick 01.wav'), 'kick');
  writeFileSync(join(root, 'sounds', 'packs', 'Brand', 'Drums', '.yinku-1.part'), 'temp');
  writeFileSync(join(root, 'notes.txt'), 'not a download');
  writeFileSync(join(base, 'secret.txt'), 'outside');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('listDownloadedFiles', () => {
  it('lists files under sounds/packs relative to the root, without temp or hidden files', async () => {
    writeFileSync(join(root, 'sounds', 'packs', 'Brand', 'Drums', 'Snare.wav'), 'snare');
    expect(await listDownloadedFiles(root)).toEqual([
      'sounds/packs/Brand/Drums/Kick 01.wav',
      'sounds/packs/Brand/Drums/Snare.wav',
    ]);
  });

  it('answers an empty list for a root with no downloads yet', async () => {
    expect(await listDownloadedFiles(join(base, 'new'))).toEqual([]);
  });
});

describe('readDownloadedFile', () => {
  it('reads a downloaded file by its userFilePath', async () => {
    const bytes = await readDownloadedFile(root, 'sounds/packs/Brand/Drums/Kick 01.wav');
    expect(bytes.toString()).toBe('kick');
  });

  it('refuses paths outside the downloads, with a clear message', async () => {
    const refused = async (path: unknown) =>
      readDownloadedFile(root, path).then(
        () => 'read',
        (error: Error) => error.message,
      );
    expect(await refused('../secret.txt')).toMatch(/plain relative path/);
    expect(await refused('sounds/packs/../../../secret.txt')).toMatch(/plain relative path/);
    expect(await refused(join(base, 'secret.txt'))).toMatch(/plain relative path/);
    expect(await refused('notes.txt')).toMatch(/only downloaded files/);
    expect(await refused(42)).toMatch(/relative to the download root/);
    expect(await refused('sounds/packs/Brand/Drums/none.wav')).toMatch(/ENOENT/);
    symlinkSync(join(base, 'secret.txt'), join(root, 'sounds', 'packs', 'Brand', 'link.wav'));
    expect(await refused('sounds/packs/Brand/link.wav')).toMatch(/outside the download root/);
  });
});
