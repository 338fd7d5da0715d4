import { create } from 'zustand';
import { balanceFollower } from './balance-follower.ts';
import type { DownloadsApi } from '../../api/downloads.api.ts';
import { agreeToCost } from './credit-agreement.ts';
import type { BulkPurpose, CreditAnswer, CreditQuote } from './credit-prompt.store.ts';
import type { BatchInfo, DownloadTarget } from './download-target.ts';
import {
  DownloadError,
  downloadSample,
  type DownloadableSample,
  type FileTransform,
} from './download-flow.ts';
import { effectiveFlags, packKey, sampleKey, useItemFlags } from './item-flags.store.ts';
import { runBounded, type RunProgress } from './run-bounded.ts';

/** Downloads in flight at once in a bulk run: enough to hide latency, few enough for 2 cores. */
const BULK_CONCURRENCY = 3;

/** A sample as rows hold it: what the flow needs plus its loaded flags. */
export type RowSample = DownloadableSample & { download: boolean };

/** Progress of the current bulk download (null when none is running); `into` names where. */
export const useBulkProgress = create<{ progress: (RunProgress & { into?: string }) | null }>()(
  () => ({ progress: null }),
);

/** What a visitor tried before signing in, carried out once they have (issue 30 §3). */
export type PendingDownload =
  | { kind: 'like'; sample: RowSample }
  | { kind: 'download'; sample: RowSample }
  | { kind: 'like-pack'; packCode: string }
  | { kind: 'download-pack'; packCode: string; name?: string };

/** Asking a visitor to sign in: for what, and what to do after (none for a bulk action). */
export interface SignInRequest {
  purpose: 'like' | 'download';
  pending?: PendingDownload;
}

/** What a finished bulk run saved: files saved and failed, and where (a zip's name, a folder). */
export interface BulkSummary {
  saved: number;
  failed: number;
  into?: string;
}

/** What the actions need from the app: API, target, session and the way to tell the user. */
interface DownloadActionDeps {
  api: Pick<
    DownloadsApi,
    | 'authorize'
    | 'authorizeBatch'
    | 'file'
    | 'report'
    | 'toggleLike'
    | 'togglePackLike'
    | 'likeAgain'
  >;
  /** The target of one download, or of a bulk run of `batch.count` files. */
  getTarget(batch?: BatchInfo): Promise<DownloadTarget>;
  isSignedIn(): boolean;
  /**
   * Shows what a bulk download costs against the balance and resolves with the files the user
   * chose (a short balance offers the part it covers), or null for none.
   */
  confirm(quote: CreditQuote): Promise<CreditAnswer>;
  /** The balance after a commit, as the gateway answered it (null: unlimited). */
  onBalance?(downloadQuota: number | null): void;
  /** Shows an error toast with already translated text. */
  onError(error: DownloadError): void;
  /** A visitor tried to like or download: offer to sign in (and carry on afterwards). */
  askSignIn(request: SignInRequest): void;
  /** A bulk run ended: say what was saved. */
  onDone?(summary: BulkSummary): void;
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
  const balance = balanceFollower((quota) => deps.onBalance?.(quota));

  async function downloadOne(
    sample: RowSample,
    target?: DownloadTarget,
    transform?: FileTransform,
  ): Promise<boolean> {
    const key = sampleKey(sample.id);
    if (flagsOf(sample).downloading) return false;
    patch(key, { downloading: true });
    balance.started();
    try {
      const flags = flagsOf(sample);
      const result = await downloadSample(
        { ...sample, likes: flags.likes },
        {
          api: deps.api,
          target: target ?? (await deps.getTarget()),
          isSignedIn: deps.isSignedIn,
          transform,
          prepared: target !== undefined,
        },
      );
      patch(key, { download: true, likes: result.liked || flags.likes, downloading: false });
      if (result.downloadQuota !== undefined) balance.answered(result.downloadQuota);
      return true;
    } catch (error) {
      patch(key, { downloading: false });
      throw asDownloadError(error);
    } finally {
      balance.ended();
    }
  }

  /** Runs `task` over `rows` a few at a time into one target, with overall progress. */
  async function runMany(
    rows: readonly RowSample[],
    task: (row: RowSample, target: DownloadTarget) => Promise<unknown>,
    name?: string,
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const target = await deps.getTarget({ count: rows.length, name });
    try {
      await target.prepare();
    } catch {
      return 0;
    }
    const into = target.describe?.();
    useBulkProgress.setState({ progress: { total: rows.length, done: 0, failed: 0, into } });
    const outcomes = await runBounded(
      rows,
      BULK_CONCURRENCY,
      (row) => task(row, target),
      (p) => useBulkProgress.setState({ progress: { ...p, into } }),
    );
    const saved = outcomes.filter((outcome) => outcome.ok).length;
    let finished = true;
    try {
      await target.finish?.();
    } catch (error) {
      finished = false;
      deps.onError(asDownloadError(error));
    }
    useBulkProgress.setState({ progress: null });
    const failure = outcomes.find((outcome) => !outcome.ok);
    if (failure && !failure.ok) deps.onError(asDownloadError(failure.error));
    if (finished && saved > 0) deps.onDone?.({ saved, failed: rows.length - saved, into });
    return saved;
  }

  /** The rows the user agreed to download (after the quote), or null to stop. */
  async function agreed(
    rows: readonly RowSample[],
    purpose: BulkPurpose,
    name?: string,
  ): Promise<RowSample[] | null> {
    if (!deps.isSignedIn()) {
      deps.askSignIn({ purpose: purpose === 'like' ? 'like' : 'download' });
      return null;
    }
    return agreeToCost(deps, rows, purpose, name);
  }

  return {
    /** Downloads one sample; errors go to `onError`. Resolves true when it was saved. */
    async download(sample: RowSample): Promise<boolean> {
      if (!deps.isSignedIn()) {
        deps.askSignIn({ purpose: 'download', pending: { kind: 'download', sample } });
        return false;
      }
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
        deps.askSignIn({ purpose: 'like', pending: { kind: 'like', sample } });
        return;
      }
      const likes = flagsOf(sample).likes;
      try {
        if (await deps.api.toggleLike(sample.id)) patch(sampleKey(sample.id), { likes: !likes });
      } catch (error) {
        deps.onError(new DownloadError('NOT_AUTHORIZED', asDownloadError(error).message));
      }
    },
    /** Toggles the like of a pack (`likes`: its state as shown now). */
    async togglePackLike(pack: { packCode: string; likes: boolean }): Promise<void> {
      if (!deps.isSignedIn()) {
        deps.askSignIn({
          purpose: 'like',
          pending: { kind: 'like-pack', packCode: pack.packCode },
        });
        return;
      }
      try {
        if (await deps.api.togglePackLike(pack.packCode))
          patch(packKey(pack.packCode), { likes: !pack.likes });
      } catch (error) {
        deps.onError(new DownloadError('NOT_AUTHORIZED', asDownloadError(error).message));
      }
    },
    /**
     * A like a visitor asked for before signing in: likes (never unlikes, whatever the row said
     * then), so carrying it out twice still leaves one like.
     */
    async like(item: { sample: RowSample } | { packCode: string }): Promise<void> {
      try {
        if ('sample' in item) {
          await deps.api.likeAgain('samples', [item.sample.id]);
          patch(sampleKey(item.sample.id), { likes: true });
        } else {
          await deps.api.likeAgain('packs', [item.packCode]);
          patch(packKey(item.packCode), { likes: true });
        }
      } catch (error) {
        deps.onError(new DownloadError('NOT_AUTHORIZED', asDownloadError(error).message));
      }
    },
    /**
     * Downloads every row not yet downloaded, a few at a time, after the user agreed to the cost
     * (`purpose` and `name` word the question, `name` also names a zip); resolves to how many
     * succeeded.
     */
    async downloadMany(
      rows: readonly RowSample[],
      purpose: Exclude<BulkPurpose, 'like'> = 'selection',
      name?: string,
    ): Promise<number> {
      const going = await agreed(
        rows.filter((row) => !flagsOf(row).download),
        purpose,
        name,
      );
      if (!going) return 0;
      return runMany(going, (row, target) => downloadOne(row, target), name);
    },
    /**
     * Likes every row not yet liked; rows not yet downloaded are downloaded first (docs/PRODUCT.md
     * §4), after the user agreed to what that costs (rows a short balance leaves out stay unliked).
     */
    async likeMany(rows: readonly RowSample[]): Promise<number> {
      const unliked = rows.filter((row) => !flagsOf(row).likes);
      const fresh = unliked.filter((row) => !flagsOf(row).download);
      const going = await agreed(fresh, 'like');
      if (!going) return 0;
      const chosen = new Set(going.map((row) => row.id));
      const todo = unliked.filter((row) => flagsOf(row).download || chosen.has(row.id));
      let liked = 0;
      // The downloads (which like) run as one bulk run; the rows already downloaded are liked.
      liked += await runMany(going, async (row, target) => {
        await downloadOne(row, target);
        if (!flagsOf(row).likes && (await deps.api.toggleLike(row.id)))
          patch(sampleKey(row.id), { likes: true });
      });
      for (const row of todo.filter((r) => !chosen.has(r.id))) {
        try {
          if (await deps.api.toggleLike(row.id)) {
            patch(sampleKey(row.id), { likes: true });
            liked++;
          }
        } catch (error) {
          deps.onError(new DownloadError('NOT_AUTHORIZED', asDownloadError(error).message));
        }
      }
      return liked;
    },
  };
}

/** The download actions object. */
export type DownloadActions = ReturnType<typeof createDownloadActions>;
