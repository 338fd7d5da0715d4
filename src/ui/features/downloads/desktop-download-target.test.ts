import { describe, expect, it, vi } from 'vitest';
import type {
  DesktopBridge,
  DesktopSaveRequest,
} from '../../../shared/desktop-bridge/bridge.types.ts';
import { getDesktopBridge } from './desktop-bridge.ts';
import {
  base64Chunks,
  bytesToBase64,
  createDesktopDownloadTarget,
} from './desktop-download-target.ts';
import { getDownloadTarget } from './download-targets.ts';

vi.mock('idb-keyval', () => ({
  get: async () => undefined,
  set: async () => {},
  del: async () => {},
}));

/** A bridge that keeps what it was asked to save, decoding the chunks as the shell would. */
function fakeBridge() {
  const saved: { folders: string[]; fileName: string; bytes: number[]; chunks: number }[] = [];
  const bridge = {
    version: 'test',
    async saveFile(request: DesktopSaveRequest) {
      const bytes: number[] = [];
      let chunks = 0;
      for await (const chunk of request.chunks as AsyncIterable<string>) {
        chunks++;
        for (const char of atob(chunk)) bytes.push(char.charCodeAt(0));
      }
      saved.push({ folders: request.folders, fileName: request.fileName, bytes, chunks });
      return { userFilePath: [...request.folders, request.fileName].join('/') };
    },
  } as unknown as DesktopBridge;
  return { bridge, saved };
}

describe('the desktop download target', () => {
  it('streams the blob to the shell in chunks and returns its path', async () => {
    const { bridge, saved } = fakeBridge();
    const data = new Uint8Array(2.5 * 1024 * 1024).map((_, index) => index % 251);
    const target = createDesktopDownloadTarget(bridge);
    expect(target.kind).toBe('desktop');
    const result = await target.save({
      folders: ['sounds', 'packs', 'Yinku', 'Drums'],
      fileName: 'Kick.wav',
      data: new Blob([data]),
    });
    expect(result).toEqual({ userFilePath: 'sounds/packs/Yinku/Drums/Kick.wav' });
    expect(saved[0]?.chunks).toBe(3);
    const bytes = saved[0]?.bytes ?? [];
    expect(bytes.length).toBe(data.length);
    expect(bytes.findIndex((byte, index) => byte !== data[index])).toBe(-1);
  });

  it('encodes base64 like btoa, in slices, and an empty blob as no chunk', async () => {
    const bytes = new Uint8Array(70_000).map((_, index) => (index * 7) % 256);
    expect(atob(bytesToBase64(bytes)).length).toBe(70_000);
    expect(bytesToBase64(new Uint8Array([104, 105]))).toBe(btoa('hi'));
    const chunks: string[] = [];
    for await (const chunk of base64Chunks(new Blob([]))) chunks.push(chunk);
    expect(chunks).toEqual([]);
  });

  it('is chosen before the folder picker and browser download when the bridge exists', async () => {
    const { bridge } = fakeBridge();
    const win = {
      document,
      yinkuDesktop: bridge,
      showDirectoryPicker: () => {},
    } as unknown as Window;
    expect(getDesktopBridge(win)).toBe(bridge);
    expect((await getDownloadTarget(win)).kind).toBe('desktop');
    const plain = { document } as unknown as Window;
    expect(getDesktopBridge(plain)).toBeNull();
    expect((await getDownloadTarget(plain)).kind).toBe('browser');
    expect(getDesktopBridge({ yinkuDesktop: { saveFile: 1 } } as unknown as Window)).toBeNull();
  });
});
