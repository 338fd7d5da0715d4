import { describe, expect, it } from 'vitest';
import { createFsAccessTarget } from './fs-access-target.ts';
import { MemoryFolder } from './testing/memory-folder.ts';

function targetOn(root: MemoryFolder | undefined) {
  return createFsAccessTarget({ load: async () => root, save: async () => {} });
}

const request = (fileName = 'kick.wav') => ({
  folders: ['sounds', 'packs', 'Brand', 'Drums'],
  fileName,
  data: new Blob(['RIFF']),
});

describe('File System Access target', () => {
  it('writes into the folder layout under the remembered root', async () => {
    const root = new MemoryFolder();
    const saved = await targetOn(root).save(request());
    expect(saved.userFilePath).toBe('sounds/packs/Brand/Drums/kick.wav');
    expect(root.paths()).toEqual(['sounds/packs/Brand/Drums/kick.wav']);
  });

  it('never overwrites: a second file of the same name is numbered', async () => {
    const root = new MemoryFolder();
    const target = targetOn(root);
    await target.save(request());
    const second = await target.save(request());
    expect(second.userFilePath).toBe('sounds/packs/Brand/Drums/kick (2).wav');
    expect(root.paths()).toHaveLength(2);
  });

  it('refuses names that would leave the root', async () => {
    const root = new MemoryFolder();
    await expect(
      targetOn(root).save({ ...request(), folders: ['sounds', '..', '..'] }),
    ).rejects.toThrow(/outside the download root/);
    expect(root.paths()).toEqual([]);
  });

  it('rejects as a cancellation without a folder or permission', async () => {
    await expect(targetOn(undefined).prepare()).rejects.toMatchObject({ name: 'AbortError' });
    const denied = new MemoryFolder();
    denied.permission = 'denied';
    await expect(targetOn(denied).prepare()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('leaves no file behind when the write fails', async () => {
    const root = new MemoryFolder();
    root.failWrites = true;
    await expect(targetOn(root).save(request())).rejects.toMatchObject({
      name: 'QuotaExceededError',
    });
    expect(root.paths()).toEqual([]);
  });
});
