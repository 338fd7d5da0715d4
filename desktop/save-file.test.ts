import { Buffer } from 'node:buffer';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DESKTOP_MAX_CHUNK_CHARS } from '../src/shared/desktop-bridge/bridge.types.ts';
import { createFileSaver, isInside, type FileSaver } from './save-file.ts';

let base: string;
let root: string;
let saver: FileSaver;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'yinku-desktop-save-'));
  root = join(base, 'root');
  saver = createFileSaver({ getRoot: () => root, maxBytes: 64 });
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** One whole save through begin/append/commit. */
async function save(folders: unknown, fileName: unknown, ...chunks: string[]) {
  const token = await saver.begin(folders, fileName);
  for (const chunk of chunks) await saver.append(token, b64(chunk));
  return saver.commit(token);
}

/** Every file under a folder, relative, sorted (hidden temp files included). */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
    .sort();
}

const layout = (brand: string, type = 'Drums') => ['sounds', 'packs', brand, type];

describe('saving under the download root', () => {
  it('writes the bytes under sounds/packs/{brand}/{type}/ and reports the relative path', async () => {
    const saved = await save(layout('Yinku Drums'), 'Kick 01.wav', 'RIFF', '-data');
    expect(saved.userFilePath).toBe('sounds/packs/Yinku Drums/Drums/Kick 01.wav');
    expect(readFileSync(join(root, saved.userFilePath), 'utf8')).toBe('RIFF-data');
    expect(filesUnder(root)).toEqual(['sounds/packs/Yinku Drums/Drums/Kick 01.wav']);
  });

  it('keeps hostile names inside the root', async () => {
    const names = [
      '../../etc/passwd',
      '/abs',
      'C:\\x',
      'CON.wav',
      'a\u0000b.wav',
      '',
      'x'.repeat(300),
    ];
    for (const name of names) await save(layout('../..', '..\\..'), name, 'ok');
    const files = filesUnder(root);
    expect(files).toHaveLength(names.length);
    for (const file of files) expect(file.startsWith('sounds/packs/_/_/')).toBe(true);
    expect(filesUnder(base).every((file) => file.startsWith('root/'))).toBe(true);
    expect(files).toContain('sounds/packs/_/_/_CON.wav');
  });

  it('never overwrites: the same name gets (1), (2) …, also for concurrent saves', async () => {
    const first = await save(layout('B'), 'Snare.wav', 'one');
    const second = await save(layout('B'), 'Snare.wav', 'two');
    expect([first.userFilePath, second.userFilePath]).toEqual([
      'sounds/packs/B/Drums/Snare.wav',
      'sounds/packs/B/Drums/Snare (2).wav',
    ]);
    const racing = await Promise.all(
      Array.from({ length: 8 }, (_, index) => save(layout('B'), 'Snare.wav', `race-${index}`)),
    );
    const paths = racing.map((saved) => saved.userFilePath);
    expect(new Set(paths).size).toBe(8);
    const contents = racing.map((saved) => readFileSync(join(root, saved.userFilePath), 'utf8'));
    expect(contents.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `race-${i}`).sort());
    expect(readFileSync(join(root, first.userFilePath), 'utf8')).toBe('one');
    expect(filesUnder(root)).toHaveLength(10);
  });

  it('refuses a folder that is a symlink out of the root, writing nothing outside', async () => {
    const outside = join(base, 'outside');
    mkdirSync(outside);
    mkdirSync(join(root, 'sounds', 'packs'), { recursive: true });
    symlinkSync(outside, join(root, 'sounds', 'packs', 'Evil'));
    await expect(save(layout('Evil'), 'x.wav', 'data')).rejects.toThrow(
      /outside the download root/,
    );
    expect(readdirSync(outside)).toEqual([]);
    // A symlink that stays inside the root is fine.
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'sounds', 'packs', 'Alias'));
    const saved = await save(layout('Alias'), 'y.wav', 'data');
    expect(readFileSync(join(root, 'real', 'Drums', 'y.wav'), 'utf8')).toBe('data');
    expect(saved.userFilePath).toBe('sounds/packs/Alias/Drums/y.wav');
  });

  it('does not follow a symlinked file name: the name is taken, the target untouched', async () => {
    const target = join(base, 'secret.txt');
    rmSync(target, { force: true });
    const folder = join(root, 'sounds', 'packs', 'B', 'Drums');
    mkdirSync(folder, { recursive: true });
    symlinkSync(target, join(folder, 'Kick.wav'));
    const saved = await save(layout('B'), 'Kick.wav', 'data');
    expect(saved.userFilePath).toBe('sounds/packs/B/Drums/Kick (2).wav');
    expect(readdirSync(base).includes('secret.txt')).toBe(false);
  });

  it('a failed or abandoned save leaves no file behind', async () => {
    const big = await saver.begin(layout('B'), 'big.wav');
    await saver.append(big, b64('x'.repeat(60)));
    await expect(saver.append(big, b64('x'.repeat(10)))).rejects.toThrow(/larger than 64 bytes/);
    const bad = await saver.begin(layout('B'), 'bad.wav');
    await expect(saver.append(bad, 'not base64!')).rejects.toThrow(/base64/);
    const huge = await saver.begin(layout('B'), 'huge.wav');
    await expect(saver.append(huge, 'A'.repeat(DESKTOP_MAX_CHUNK_CHARS + 4))).rejects.toThrow(
      /at most/,
    );
    const dropped = await saver.begin(layout('B'), 'dropped.wav');
    await saver.append(dropped, b64('half'));
    await saver.abort(dropped);
    await expect(saver.commit(dropped)).rejects.toThrow(/Unknown or finished save/);
    expect(filesUnder(root)).toEqual([]);
    expect(saver.pending()).toBe(0);
  });

  it('an idle save is abandoned and its temp file removed', async () => {
    const quick = createFileSaver({ getRoot: () => root, idleMs: 20 });
    const token = await quick.begin(layout('B'), 'idle.wav');
    await quick.append(token, b64('some'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(quick.pending()).toBe(0);
    expect(filesUnder(root)).toEqual([]);
  });

  it('rejects bad arguments clearly', async () => {
    await expect(saver.begin(layout('B'), 42)).rejects.toThrow(/fileName must be a string/);
    await expect(saver.begin(['x'], 'a.wav')).rejects.toThrow(/folders must be/);
    await expect(saver.append('nope', b64('x'))).rejects.toThrow(/Unknown or finished save/);
    await expect(saver.commit(undefined)).rejects.toThrow(/Unknown or finished save/);
  });

  it('isInside accepts the root and what is under it only', () => {
    expect(isInside('/a/b', '/a/b')).toBe(true);
    expect(isInside('/a/b', '/a/b/c')).toBe(true);
    expect(isInside('/a/b', '/a/b/..c')).toBe(true);
    expect(isInside('/a/b', '/a/bc')).toBe(false);
    expect(isInside('/a/b', '/a')).toBe(false);
  });
});
