import type { DownloadsApi } from '../../api/downloads.api.ts';
import { ApiRequestError } from '../../api/http-error.ts';
import type { BulkPurpose, CreditAnswer, CreditQuote } from './credit-prompt.store.ts';
import { DownloadError, type DownloadableSample } from './download-flow.ts';

/** What the agreement needs: the batch calls, the question, and where errors go. */
export interface AgreementDeps {
  api: Pick<DownloadsApi, 'authorizeBatch'>;
  /** Shows the quote and resolves with the quoted ids the user chose, or null for none. */
  confirm(quote: CreditQuote): Promise<CreditAnswer>;
  onError(error: DownloadError): void;
}

type Answer = Awaited<ReturnType<DownloadsApi['authorizeBatch']>>;

function quoteOf(
  answer: Answer,
  rows: readonly DownloadableSample[],
  purpose: BulkPurpose,
  name: string | undefined,
): CreditQuote {
  const charged = new Set(answer.charged);
  return {
    purpose,
    name,
    files: answer.charged.length,
    cost: answer.cost,
    downloadQuota: answer.downloadQuota,
    available: answer.available,
    items: rows
      .filter((row) => charged.has(row.id))
      .map((row) => ({ id: row.id, name: row.audioName })),
  };
}

/**
 * Before a bulk run downloads anything (docs/SOUNDS.md, "Credits are never spent by surprise"):
 * quotes the rows' cost, asks the user, then authorises the chosen files at once (all or nothing
 * on the gateway). Resolves with the rows to download — owned rows always (they are free), plus
 * the charged rows the user chose: all of them, or the part a short balance covers (issue 30 §4)
 * — or null when the run must not start.
 */
export async function agreeToCost<R extends DownloadableSample>(
  deps: AgreementDeps,
  rows: readonly R[],
  purpose: BulkPurpose,
  name?: string,
): Promise<R[] | null> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  try {
    const quote = await deps.api.authorizeBatch(ids, true);
    // Everything was already owned (the row flags were stale): nothing to spend or ask.
    if (quote.charged.length === 0) return [...rows];
    const chosen = await deps.confirm(quoteOf(quote, rows, purpose, name));
    if (!chosen) return null;
    const keep = new Set([...quote.owned, ...chosen]);
    const going = rows.filter((row) => keep.has(row.id));
    await deps.api.authorizeBatch(going.map((row) => row.id));
    return going;
  } catch (error) {
    // Another download took the last credits between the quote and the grant: say so, spend nothing.
    if (error instanceof ApiRequestError && error.errorCode === 'QUOTA_EXCEEDED') {
      deps.onError(new DownloadError('NOT_AUTHORIZED', error.message));
      return null;
    }
    const message = error instanceof Error ? error.message : String(error);
    deps.onError(new DownloadError('NOT_AUTHORIZED', message));
    return null;
  }
}
