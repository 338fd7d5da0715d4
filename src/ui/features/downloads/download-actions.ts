import { create } from 'zustand';
import type { DownloadsApi } from '../../api/downloads.api.ts';
import { ApiRequestError } from '../../api/http-error.ts';
import { quoteFits, type BulkPurpose, type CreditQuote } from './credit-prompt.store.ts';
import type { DownloadTarget } from './download-target.ts';
import {
  DownloadError,
  downloadSample,
  type DownloadableSample,
  type FileTransform,
} from './download-flow.ts';
import { effectiveFlags, sampleKey, useItemFlags } from './item-flags.store.ts';
import { runBounded, type RunProgress } from './run-bounded.ts';

/** Downloads in flight at once in a bulk run: enough to hide latency, few enough for 2 cores. */
const BULK_CONCURRENCY = 3;

/** A sample as rows hold it: what the flow needs plus its loaded flags. */
export type RowSample = DownloadableSample & { download: boolean };

/** Progress of the current bulk download (null when none is running). */
export const useBulkProgress = create<{ progress: RunProgress | null }>()(() => ({
  progress: null,
}));

/** What the actions need from the app: API, target, session and the way to tell the user. */
interface DownloadActionDeps {
  api: Pick<DownloadsApi, 'authorize' | 'authorizeBatch' | 'file' | 'report' | 'toggleLike'>;
  getTarget(): Promise<DownloadTarget>;
  isSignedIn(): boolean;
  /**
   * Shows what a bulk download costs against the balance and resolves with the user's answer
   * (never true when the balance is short: the dialog then refuses and offers the plans).
   */
  confirm(quote: CreditQuote): Promise<boolean>;
  /** The balance after a commit, as the gateway answered it (null: unlimited). */
  onBalance?(downloadQuota: number | null): void;
  /** Shows an error toast with already translated text, or sends the user to login. */
  onError(error: DownloadError): void;
}

function flagsOf(sample: RowSample) {
  return effectiveFlags(sample, useItemFlags.getState().flags[sampleKey(sample.id)]);
}

/** True when a bulk download makes sense: one selected row is not downloaded yet. */
export function canBulkDownload(rows: readonly RowSample[]): boolean {
  return rows.some((row) => !flagsOf(row).download);
}

/** True when a bulk like makes sense: one selected row is not liked yet. */
export function canBulkLike(rows: readonly RowSample[]): boolean {
  return rows.some((row) => !flagsOf(row).likes);
}

function asDownloadError(error: unknown): DownloadError {
  return error instanceof DownloadError
    ? error
    : new DownloadError('SAVE_FAILED', error instanceof Error ? error.message : String(error));
}

/** Download and like actions over the shared flag store (rows, panels and player all see them). */
export function createDownloadActions(deps: DownloadActionDeps) {
  const { patch } = useItemFlags.getState();

  async function downloadOne(
    sample: RowSample,
    target?: DownloadTarget,
    transform?: FileTransform,
  ): Promise<boolean> {
    const key = sampleKey(sample.id);
    if (flagsOf(sample).downloading) return false;
    patch(key, { downloading: true });
    try {
      const flags = flagsOf(sample);
      const result = await downloadSample(
        { ...sample, likes: flags.likes },
        {
          api: deps.api,
          target: target ?? (await deps.getTarget()),
          isSignedIn: deps.isSignedIn,
          transform,
        },
      );
      patch(key, { download: true, likes: result.liked || flags.likes, downloading: false });
      if (result.downloadQuota !== undefined) deps.onBalance?.(result.downloadQuota);
      return true;
    } catch (error) {
      patch(key, { downloading: false });
      throw asDownloadError(error);
    }
  }

  /**
   * Before a bulk run downloads anything: quotes its cost, asks the user, then authorises the
   * whole batch at once (all or nothing on the gateway), so a short balance spends nothing.
   * Resolves false when the run must not start.
   */
  async function agreeToCost(
    rows: readonly RowSample[],
    purpose: BulkPurpose,
    name?: string,
  ): Promise<boolean> {
    const ids = rows.filter((row) => !flagsOf(row).download).map((row) => row.id);
    if (ids.length === 0) return true;
    if (!deps.isSignedIn()) {
      deps.onError(new DownloadError('UNAUTHENTICATED', '未登录'));
      return false;
    }
    const quoteOf = (answer: Awaited<ReturnType<DownloadsApi['authorizeBatch']>>) => ({
      purpose,
      name,
      files: answer.charged.length,
      cost: answer.cost,
      downloadQuota: answer.downloadQuota,
      available: answer.available,
    });
    try {
      const quote = await deps.api.authorizeBatch(ids, true);
      // Everything was already owned (the row flags were stale): nothing to spend or ask.
      if (quote.charged.length === 0) return true;
      const asked = quoteOf(quote);
      // A short balance is shown (with the plans) but never goes on, whatever the dialog answers.
      if (!(await deps.confirm(asked)) || !quoteFits(asked)) return false;
      await deps.api.authorizeBatch(ids);
      return true;
    } catch (error) {
      // Another download took the last credits between the quote and the grant: refuse the same way.
      if (error instanceof ApiRequestError && error.errorCode === 'QUOTA_EXCEEDED') {
        const quote = await deps.api.authorizeBatch(ids, true).catch(() => null);
        if (quote) await deps.confirm(quoteOf(quote));
        else deps.onError(new DownloadError('NOT_AUTHORIZED', error.message));
        return false;
      }
      deps.onError(new DownloadError('NOT_AUTHORIZED', asDownloadError(error).message));
      return false;
    }
  }

  async function runMany(
    rows: readonly RowSample[],
    task: (row: RowSample, target: DownloadTarget) => Promise<unknown>,
  ): Promise<number> {
    if (rows.length === 0) return 0;
    if (!deps.isSignedIn()) {
      deps.onError(new DownloadError('UNAUTHENTICATED', '未登录'));
      return 0;
    }
    const target = await deps.getTarget();
    try {
      await target.prepare();
    } catch {
      return 0;
    }
    useBulkProgress.setState({ progress: { total: rows.length, done: 0, failed: 0 } });
    const outcomes = await runBounded(
      rows,
      BULK_CONCURRENCY,
      (row) => task(row, target),
      (p) => useBulkProgress.setState({ progress: p }),
    );
    useBulkProgress.setState({ progress: null });
    const failure = outcomes.find((outcome) => !outcome.ok);
    if (failure && !failure.ok) deps.onError(asDownloadError(failure.error));
    return outcomes.filter((outcome) => outcome.ok).length;
  }

  return {
    /** Downloads one sample; errors go to `onError`. Resolves true when it was saved. */
    async download(sample: RowSample): Promise<boolean> {
      try {
        return await downloadOne(sample);
      } catch (error) {
        deps.onError(asDownloadError(error));
        return false;
      }
    },
    /**
     * Downloads one sample saved as `transform` makes it (download as heard: the synced render),
     * on the same grant, report and credit rules as the original; errors go to `onError`.
     */
    async downloadTransformed(sample: RowSample, transform: FileTransform): Promise<boolean> {
      try {
        return await downloadOne(sample, undefined, transform);
      } catch (error) {
        deps.onError(asDownloadError(error));
        return false;
      }
    },
    /** Toggles the like of one sample; the flag flips when the gateway answers truthy. */
    async toggleLike(sample: RowSample): Promise<void> {
      if (!deps.isSignedIn()) {
        deps.onError(new DownloadError('UNAUTHENTICATED', '未登录'));
        return;
      }
      const likes = flagsOf(sample).likes;
      try {
        if (await deps.api.toggleLike(sample.id)) patch(sampleKey(sample.id), { likes: !likes });
      } catch (error) {
        deps.onError(new DownloadError('NOT_AUTHORIZED', asDownloadError(error).message));
      }
    },
    /**
     * Downloads every row not yet downloaded, a few at a time, after the user agreed to the cost
     * (`purpose` and `name` word the question); resolves to how many succeeded.
     */
    async downloadMany(
      rows: readonly RowSample[],
      purpose: Exclude<BulkPurpose, 'like'> = 'selection',
      name?: string,
    ): Promise<number> {
      const missing = rows.filter((row) => !flagsOf(row).download);
      if (!(await agreeToCost(missing, purpose, name))) return 0;
      return runMany(missing, (row, target) => downloadOne(row, target));
    },
    /**
     * Likes every row not yet liked; rows not yet downloaded are downloaded first (docs/PRODUCT.md §4),
     * after the user agreed to what that costs.
     */
    async likeMany(rows: readonly RowSample[]): Promise<number> {
      const unliked = rows.filter((row) => !flagsOf(row).likes);
      if (!(await agreeToCost(unliked, 'like'))) return 0;
      return runMany(unliked, async (row, target) => {
        if (!flagsOf(row).download) {
          await downloadOne(row, target);
          if (flagsOf(row).likes) return;
        }
        if (await deps.api.toggleLike(row.id)) patch(sampleKey(row.id), { likes: true });
      });
    },
  };
}

/** The download actions object. */
export type DownloadActions = ReturnType<typeof createDownloadActions>;
