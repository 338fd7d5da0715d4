import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  canBulkDownload,
  canBulkLike,
  createDownloadActions,
  useBulkProgress,
} from './download-actions.ts';
import type { DownloadError } from './download-flow.ts';
import { fakeApi, fakeTarget, row } from './fake-downloads.test-helper.ts';
import { sampleKey, useItemFlags } from './item-flags.store.ts';

const flags = (id: number) => useItemFlags.getState().flags[sampleKey(id)];

function setup(options: Parameters<typeof fakeApi>[0] = {}, signedIn = true) {
  const api = fakeApi(options);
  const target = fakeTarget();
  const errors: DownloadError[] = [];
  const actions = createDownloadActions({
    api,
    getTarget: async () => target,
    isSignedIn: () => signedIn,
    onError: (error) => errors.push(error),
  });
  return { api, target, errors, actions };
}

beforeEach(() => {
  useItemFlags.getState().reset();
  useBulkProgress.setState({ progress: null });
});

describe('enabling rules of the bulk buttons', () => {
  it('enables a bulk action only when one selected row lacks the flag', () => {
    const both = row(1, { download: true, likes: true });
    expect(canBulkDownload([both])).toBe(false);
    expect(canBulkLike([both])).toBe(false);
    expect(canBulkDownload([both, row(2, { download: false, likes: true })])).toBe(true);
    expect(canBulkLike([both, row(2, { download: true, likes: false })])).toBe(true);
    expect(canBulkDownload([])).toBe(false);
  });

  it('follows flag changes made after the list loaded', () => {
    const sample = row(3);
    expect(canBulkDownload([sample])).toBe(true);
    useItemFlags.getState().patch(sampleKey(3), { download: true, likes: true });
    expect(canBulkDownload([sample])).toBe(false);
    expect(canBulkLike([sample])).toBe(false);
  });
});

describe('flag transitions', () => {
  it('download: false → true after saving, and liked by the flow', async () => {
    const { actions } = setup();
    expect(await actions.download(row(5))).toBe(true);
    expect(flags(5)).toEqual({ download: true, likes: true, downloading: false });
  });

  it('shows the download in progress on the row', async () => {
    const { actions, api } = setup();
    let during: boolean | undefined;
    api.file.mockImplementationOnce(async () => {
      during = flags(8)?.downloading;
      return new Blob([new Uint8Array(2048)]);
    });
    await actions.download(row(8));
    expect(during).toBe(true);
    expect(flags(8)?.downloading).toBe(false);
  });

  it('a failed download keeps the flag false and reports the save failure', async () => {
    const { actions, errors } = setup({ failFile: [9] });
    expect(await actions.download(row(9))).toBe(false);
    expect(flags(9)).toMatchObject({ downloading: false });
    expect(flags(9)?.download).toBeUndefined();
    expect(errors.map((e) => e.code)).toEqual(['SAVE_FAILED']);
  });

  it('like toggles both ways on truthy answers', async () => {
    const { actions } = setup();
    const sample = row(4, { download: true });
    await actions.toggleLike(sample);
    expect(flags(4)?.likes).toBe(true);
    await actions.toggleLike(sample);
    expect(flags(4)?.likes).toBe(false);
  });

  it('signed out: like and download report 未登录 and call nothing', async () => {
    const { actions, api, errors } = setup({}, false);
    await actions.toggleLike(row(1));
    await actions.download(row(1));
    expect(api.calls).toEqual([]);
    expect(errors.map((e) => e.code)).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED']);
  });
});

describe('bulk actions', () => {
  it('bulk like downloads the rows not yet downloaded first, and likes the others', async () => {
    const { actions, api, target } = setup();
    const rows = [row(1), row(2, { download: true }), row(3, { download: true, likes: true })];
    expect(await actions.likeMany(rows)).toBe(2);
    expect(target.saved).toEqual(['sounds/packs/Yinku Labs/Drums/Kick 1.wav']);
    expect(api.calls.filter((c) => c.startsWith('authorize'))).toEqual(['authorize 1']);
    expect(api.likes.sort()).toEqual([1, 2]);
    expect(flags(1)).toMatchObject({ download: true, likes: true });
    expect(flags(2)).toMatchObject({ likes: true });
    expect(flags(3)).toBeUndefined();
  });

  it('bulk download skips downloaded rows, runs a few at a time, and reports progress', async () => {
    const { actions, api } = setup({ failFile: [12] });
    const seen: number[] = [];
    const unsubscribe = useBulkProgress.subscribe((s) => s.progress && seen.push(s.progress.done));
    const rows = [10, 11, 12, 13, 14].map((id) => row(id));
    rows.push(row(15, { download: true }));
    expect(await actions.downloadMany(rows)).toBe(4);
    unsubscribe();
    expect(api.file).toHaveBeenCalledTimes(5);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5]);
    expect(useBulkProgress.getState().progress).toBeNull();
    expect(flags(12)?.download).toBeUndefined();
    expect(flags(13)?.download).toBe(true);
  });

  it('a second click on a row being downloaded starts nothing', async () => {
    const { actions, api } = setup();
    const release = vi.fn();
    api.file.mockImplementationOnce(
      () =>
        new Promise<Blob>((resolve) => {
          release.mockImplementation(() => resolve(new Blob([new Uint8Array(2048)])));
        }),
    );
    const first = actions.download(row(20));
    await vi.waitFor(() => expect(api.file).toHaveBeenCalledTimes(1));
    expect(await actions.download(row(20))).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(api.authorize).toHaveBeenCalledTimes(1);
  });
});
