import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncItem } from '../../../shared/index.ts';
import type { DesktopBridge } from '../../../shared/desktop-bridge/bridge.types.ts';
import { useSessionStore } from '../../stores/session.store.ts';
import { useToastStore } from '../../stores/toast.store.ts';
import {
  compareFolder,
  resetDesktopSyncForTests,
  startDesktopSync,
  type SyncApi,
} from './desktop-sync.ts';
import { sampleKey, useItemFlags } from './item-flags.store.ts';

const item = (resourceId: number, userFilePath: string | null): SyncItem => ({
  resourceId,
  audioBrand: 'B',
  audioType: 'Drums',
  audioGroup: 'Kick',
  fileName: `${resourceId}.wav`,
  userFilePath,
  acquiredAt: '',
});

let files: string[];
let items: SyncItem[];
let api: SyncApi & { forgetFiles: ReturnType<typeof vi.fn> };
let stop = () => {};

beforeEach(() => {
  resetDesktopSyncForTests();
  useItemFlags.getState().reset();
  useToastStore.setState({ toasts: [] });
  useSessionStore.getState().setTokens({ accessToken: 'a', refreshToken: 'r' });
  files = ['sounds/packs/B/Drums/1.wav', 'sounds/packs/B/Drums/stray.wav'];
  items = [
    item(1, 'sounds/packs/B/Drums/1.wav'),
    item(2, 'sounds/packs/B/Drums/2.wav'),
    item(3, null),
  ];
  api = {
    sync: async () => items,
    forgetFiles: vi.fn(async (missing: number[]) => {
      items = items.map((i) => (missing.includes(i.resourceId) ? { ...i, userFilePath: null } : i));
      return items;
    }),
  };
  Object.assign(window, {
    yinkuDesktop: { saveFile: () => {}, listFiles: async () => files } as unknown as DesktopBridge,
  });
});
afterEach(() => {
  stop();
  delete (window as { yinkuDesktop?: unknown }).yinkuDesktop;
  useSessionStore.getState().clear();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('compareFolder', () => {
  it('finds saved paths gone from disk and files no item names', () => {
    expect(compareFolder(items, files)).toEqual({
      missing: [2],
      unknown: ['sounds/packs/B/Drums/stray.wav'],
    });
  });
});

describe('startDesktopSync', () => {
  it('at start: forgets the deleted file on the gateway, unmarks it, reports unknown files once', async () => {
    stop = startDesktopSync(window, api);
    await vi.waitFor(() => expect(api.forgetFiles).toHaveBeenCalledWith([2]));
    await settle();
    expect(useItemFlags.getState().flags[sampleKey(2)]).toEqual({ download: false });
    expect(useItemFlags.getState().flags[sampleKey(1)]).toBeUndefined();
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
      '下载文件夹中有 1 个文件不在你的仓库里（不是通过音库下载的，或已从仓库移除）',
    ]);

    // On focus again: nothing new is missing, the same stray file is not reported twice.
    window.dispatchEvent(new Event('focus'));
    await settle();
    await settle();
    expect(api.forgetFiles).toHaveBeenCalledTimes(1);
    expect(useToastStore.getState().toasts).toHaveLength(1);

    // A file deleted while the window was in the background is found on focus.
    files = [];
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(api.forgetFiles).toHaveBeenLastCalledWith([1]));
  });

  it('does nothing in a browser, signed out, or while staying offline', async () => {
    delete (window as { yinkuDesktop?: unknown }).yinkuDesktop;
    const sync = vi.spyOn(api, 'sync');
    startDesktopSync(window, api)();
    Object.assign(window, { yinkuDesktop: { saveFile: () => {}, listFiles: async () => files } });
    stop = startDesktopSync(window, api, () => true);
    window.dispatchEvent(new Event('focus'));
    useSessionStore.getState().clear();
    stop();
    stop = startDesktopSync(window, api);
    await settle();
    expect(sync).not.toHaveBeenCalled();
    // Signing in runs it.
    useSessionStore.getState().setTokens({ accessToken: 'b', refreshToken: 'r' });
    await vi.waitFor(() => expect(sync).toHaveBeenCalledOnce());
  });
});
