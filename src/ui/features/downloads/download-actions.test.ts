import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  canBulkDownload,
  canBulkLike,
  createDownloadActions,
  useBulkProgress,
} from './download-actions.ts';
import type { CreditAnswer, CreditQuote } from './credit-prompt.store.ts';
import type { DownloadError } from './download-flow.ts';
import type { BulkSummary, SignInRequest } from './download-actions.ts';
import { fakeApi, fakeTarget, row } from './testing/fake-downloads.ts';
import { sampleKey, useItemFlags } from './item-flags.store.ts';

const flags = (id: number) => useItemFlags.getState().flags[sampleKey(id)];

/** Every quoted file (what confirming a covered quote answers). */
const all = (quote: CreditQuote): CreditAnswer => quote.items.map((item) => item.id);

function setup(
  options: Parameters<typeof fakeApi>[0] = {},
  signedIn = true,
  answer: (quote: CreditQuote) => CreditAnswer = all,
) {
  const api = fakeApi(options);
  const target = fakeTarget();
  const errors: DownloadError[] = [];
  const quotes: CreditQuote[] = [];
  const asked: SignInRequest[] = [];
  const done: BulkSummary[] = [];
  const actions = createDownloadActions({
    api,
    getTarget: async () => target,
    isSignedIn: () => signedIn,
    onError: (error) => errors.push(error),
    askSignIn: (request) => asked.push(request),
    onDone: (summary) => done.push(summary),
    confirm: async (quote) => {
      quotes.push(quote);
      return answer(quote);
    },
  });
  return { api, target, errors, quotes, asked, done, actions };
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

  it('signed out: like and download ask to sign in, with what to do after, and call nothing', async () => {
    const { actions, api, errors, asked } = setup({}, false);
    await actions.toggleLike(row(1));
    await actions.download(row(2));
    await actions.togglePackLike({ packCode: 'P1', likes: false });
    await actions.downloadMany([row(3), row(4)]);
    expect(api.calls).toEqual([]);
    expect(errors).toEqual([]);
    expect(asked).toEqual([
      { purpose: 'like', pending: { kind: 'like', sample: row(1) } },
      { purpose: 'download', pending: { kind: 'download', sample: row(2) } },
      { purpose: 'like', pending: { kind: 'like-pack', packCode: 'P1' } },
      { purpose: 'download' },
    ]);
  });

  it('a pending like likes and never unlikes, however often it runs', async () => {
    const { actions, api } = setup();
    await actions.like({ sample: row(6, { likes: true }) });
    await actions.like({ packCode: 'P2' });
    expect(api.calls).toEqual(['like again samples 6', 'like again packs P2']);
    expect(api.toggleLike).not.toHaveBeenCalled();
    expect(flags(6)?.likes).toBe(true);
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

  it('bulk like says how many files and downloads it will take, and waits for the answer', async () => {
    const { actions, api, quotes } = setup({ balance: 16 }, true, () => null);
    const rows = [row(31), row(32), row(33, { download: true }), row(34, { likes: true })];
    expect(await actions.likeMany(rows)).toBe(0);
    expect(quotes).toEqual([
      {
        purpose: 'like',
        name: undefined,
        files: 2,
        cost: 2,
        downloadQuota: 16,
        available: 16,
        items: [
          { id: 31, name: 'Kick 31' },
          { id: 32, name: 'Kick 32' },
        ],
      },
    ]);
    // Declined: only the quote was asked for; nothing authorised, fetched or liked.
    expect(api.calls).toEqual(['batch 31,32 quote']);
  });

  it('bulk like of downloaded rows only likes, without asking', async () => {
    const { actions, api, quotes } = setup({ balance: 0 });
    expect(await actions.likeMany([row(35, { download: true })])).toBe(1);
    expect(quotes).toEqual([]);
    expect(api.calls).toEqual(['like 35']);
  });

  it('a pack larger than the balance: refusing everything authorises nothing', async () => {
    const { actions, api, quotes } = setup({ balance: 2 }, true, () => null);
    const rows = [41, 42, 43].map((id) => row(id));
    expect(await actions.downloadMany(rows, 'pack', 'Street Kit')).toBe(0);
    expect(quotes[0]).toMatchObject({ purpose: 'pack', name: 'Street Kit', cost: 3, available: 2 });
    expect(api.calls).toEqual(['batch 41,42,43 quote']);
  });

  it('a short balance downloads the part the user chose, granted whole first', async () => {
    const { actions, api, target, done } = setup({ balance: 2 }, true, () => [43, 41]);
    const rows = [41, 42, 43].map((id) => row(id));
    expect(await actions.downloadMany(rows, 'pack', 'Street Kit')).toBe(2);
    expect(api.calls.slice(0, 2)).toEqual(['batch 41,42,43 quote', 'batch 41,43']);
    expect(target.saved.sort()).toEqual([
      'sounds/packs/Yinku Labs/Drums/Kick 41.wav',
      'sounds/packs/Yinku Labs/Drums/Kick 43.wav',
    ]);
    expect(done).toEqual([{ saved: 2, failed: 0, into: undefined }]);
  });

  it('confirmed, the batch is granted whole before the files are fetched', async () => {
    const { actions, api, quotes } = setup({ balance: 5 });
    expect(await actions.downloadMany([row(51), row(52)], 'selection')).toBe(2);
    expect(quotes).toHaveLength(1);
    expect(api.calls.slice(0, 2)).toEqual(['batch 51,52 quote', 'batch 51,52']);
  });
});
