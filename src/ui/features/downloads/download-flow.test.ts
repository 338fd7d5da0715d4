import { describe, expect, it } from 'vitest';
import { DownloadError, downloadSample } from './download-flow.ts';
import { fakeApi, fakeTarget, row } from './testing/fake-downloads.ts';

describe('downloadSample (docs/PRODUCT.md §7 flow)', () => {
  it('authorises, fetches, saves into the folder layout, reports, then likes', async () => {
    const api = fakeApi();
    const target = fakeTarget();
    const result = await downloadSample(row(7), { api, target, isSignedIn: () => true });
    expect(api.calls).toEqual(['authorize 7', 'file 7', 'report 7 true', 'like 7']);
    expect(target.saved).toEqual(['sounds/packs/Yinku Labs/Drums/Kick 7.wav']);
    expect(api.reports[0]).toEqual({
      resourceId: 7,
      audioType: 'Drums',
      audioGroup: 'Kick',
      success: true,
      error: null,
      userFilePath: 'sounds/packs/Yinku Labs/Drums/Kick 7.wav',
    });
    expect(result).toEqual({ userFilePath: target.saved[0], liked: true });
  });

  it('does not like again what is already liked', async () => {
    const api = fakeApi();
    await downloadSample(row(7, { likes: true }), {
      api,
      target: fakeTarget(),
      isSignedIn: () => true,
    });
    expect(api.likes).toEqual([]);
  });

  it('without a token stops before any call with 未登录', async () => {
    const api = fakeApi();
    const error = await downloadSample(row(1), {
      api,
      target: fakeTarget(),
      isSignedIn: () => false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', message: '未登录' });
    expect(api.calls).toEqual([]);
  });

  it('rolls the grant back when the file cannot be fetched', async () => {
    const api = fakeApi({ failFile: [3] });
    const target = fakeTarget();
    const error = await downloadSample(row(3), { api, target, isSignedIn: () => true }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'SAVE_FAILED' });
    expect(api.reports).toEqual([
      expect.objectContaining({ resourceId: 3, success: false, userFilePath: null }),
    ]);
    expect(api.reports[0]?.error).toContain('Failed to fetch');
    expect(target.saved).toEqual([]);
    expect(api.likes).toEqual([]);
  });

  it.each([
    [
      'rolls back when saving fails',
      'save',
      'QuotaExceededError',
      'SAVE_FAILED',
      ['authorize 4', 'file 4', 'report 4 false'],
    ],
    ['makes no call when the user declines the folder', 'prepare', 'AbortError', 'CANCELLED', []],
  ] as const)('%s', async (_case, step, failure, code, calls) => {
    const api = fakeApi();
    const target = fakeTarget();
    target[step] = async () => {
      throw new DOMException('no', failure);
    };
    await expect(
      downloadSample(row(4), { api, target, isSignedIn: () => true }),
    ).rejects.toMatchObject({ code });
    expect(api.calls).toEqual(calls);
  });

  it('stops when authorisation is refused, with nothing to roll back', async () => {
    const api = fakeApi({ authorize: false });
    await expect(
      downloadSample(row(6), { api, target: fakeTarget(), isSignedIn: () => true }),
    ).rejects.toMatchObject({ code: 'NOT_AUTHORIZED' });
    expect(api.calls).toEqual(['authorize 6']);
  });
});
