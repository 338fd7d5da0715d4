import { vi } from 'vitest';
import type { DownloadReport, Sample } from '../../../../shared/index.ts';
import { ApiRequestError } from '../../../api/http-error.ts';
import type { DownloadTarget } from '../download-target.ts';
import type { RowSample } from '../download-actions.ts';

/** A sample row with defaults for unit tests. */
export function row(
  id: number,
  flags: Partial<Pick<Sample, 'download' | 'likes'>> = {},
): RowSample {
  return {
    id,
    audioName: `Kick ${id}`,
    audioBrand: 'Yinku Labs',
    audioType: 'Drums',
    audioGroup: 'Kick',
    audioData: {
      format: 'wav',
      sampleRate: 44100,
      channels: 2,
      bitDepth: 16,
      sizeBytes: 2048,
      tags: [],
      kind: 'oneshot',
    },
    download: false,
    likes: false,
    ...flags,
  };
}

/**
 * A fake downloads API that records calls; `failFile` ids reject on the file fetch; `balance` is
 * the downloads left (unlimited when absent).
 */
export function fakeApi(
  options: { failFile?: number[]; authorize?: boolean; balance?: number | null } = {},
) {
  const reports: DownloadReport[] = [];
  const likes: number[] = [];
  const calls: string[] = [];
  return {
    reports,
    likes,
    calls,
    authorize: vi.fn(async (id: number) => {
      calls.push(`authorize ${id}`);
      return options.authorize ?? true;
    }),
    authorizeBatch: vi.fn(async (ids: number[], dryRun = false) => {
      calls.push(`batch ${ids.join(',')}${dryRun ? ' quote' : ''}`);
      const available = options.balance === undefined ? null : options.balance;
      if (!dryRun && available !== null && ids.length > available)
        throw new ApiRequestError('quota', { status: 402, errorCode: 'QUOTA_EXCEEDED' });
      return {
        granted: !dryRun,
        charged: ids,
        owned: [],
        cost: available === null ? 0 : ids.length,
        downloadQuota: available,
        available,
      };
    }),
    file: vi.fn(async (id: number) => {
      calls.push(`file ${id}`);
      if (options.failFile?.includes(id)) throw new TypeError('Failed to fetch');
      return new Blob([new Uint8Array(2048)]);
    }),
    report: vi.fn(async (report: DownloadReport) => {
      calls.push(`report ${report.resourceId} ${report.success}`);
      reports.push(report);
      return true;
    }),
    toggleLike: vi.fn(async (id: number) => {
      calls.push(`like ${id}`);
      likes.push(id);
      return true;
    }),
    togglePackLike: vi.fn(async (code: string) => {
      calls.push(`like pack ${code}`);
      return true;
    }),
    likeAgain: vi.fn(async (range: 'samples' | 'packs', ids: (number | string)[]) => {
      calls.push(`like again ${range} ${ids.join(',')}`);
    }),
  };
}

/** A target that keeps saved paths in memory. */
export function fakeTarget(): DownloadTarget & { saved: string[] } {
  const saved: string[] = [];
  return {
    kind: 'fs-access',
    saved,
    prepare: async () => {},
    save: async ({ folders, fileName }) => {
      const userFilePath = [...folders, fileName].join('/');
      saved.push(userFilePath);
      return { userFilePath };
    },
  };
}
