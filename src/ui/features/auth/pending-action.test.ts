import { afterEach, describe, expect, it } from 'vitest';
import { parsePendingDownload } from '../downloads/pending-download.ts';
import { row } from '../downloads/testing/fake-downloads.ts';
import { pendingKind, savePending, takePending } from './pending-action.ts';

afterEach(() => sessionStorage.clear());

describe('pending action (issue 30 §3)', () => {
  it('is taken once, and only on the page it was asked on (path and query)', () => {
    savePending(
      { kind: 'downloads', data: { kind: 'like-pack', packCode: 'P1' } },
      '/sounds/genres?bpmMin=120',
    );
    expect(takePending('/sounds/genres')).toBeNull();
    expect(pendingKind('/sounds/genres?bpmMin=120')).toBe('downloads');
    expect(takePending('/sounds/genres?bpmMin=120')).toEqual({
      kind: 'downloads',
      data: { kind: 'like-pack', packCode: 'P1' },
    });
    expect(takePending('/sounds/genres?bpmMin=120')).toBeNull();
  });

  it('drops a stale or unreadable record', () => {
    savePending({ kind: 'downloads', data: null }, '/sounds', 0);
    expect(takePending('/sounds', 31 * 60_000)).toBeNull();
    sessionStorage.setItem('yinku.pendingAction', '{not json');
    expect(takePending('/sounds')).toBeNull();
    sessionStorage.setItem('yinku.pendingAction', JSON.stringify({ kind: 1, returnTo: '/sounds' }));
    expect(pendingKind('/sounds')).toBeNull();
    expect(sessionStorage.getItem('yinku.pendingAction')).toBeNull();
  });

  it('a pending like or download is checked before it runs', () => {
    expect(parsePendingDownload({ kind: 'like', sample: row(3) })).toEqual({
      kind: 'like',
      sample: row(3),
    });
    expect(parsePendingDownload({ kind: 'download-pack', packCode: 'P_1', name: 'Kit' })).toEqual({
      kind: 'download-pack',
      packCode: 'P_1',
      name: 'Kit',
    });
    for (const bad of [
      null,
      { kind: 'delete', sample: row(3) },
      { kind: 'like', sample: { ...row(3), id: -1 } },
      { kind: 'download', sample: { ...row(3), audioData: null } },
      { kind: 'like-pack', packCode: '../x' },
    ])
      expect(parsePendingDownload(bad)).toBeNull();
  });
});
