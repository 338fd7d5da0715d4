/** Progress of a bounded run. */
export interface RunProgress {
  total: number;
  done: number;
  failed: number;
}

/** How each item of a bounded run ended. */
type RunOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Runs `task` over `items` with at most `limit` in flight, reporting progress after each item.
 * One failure does not stop the others; an aborted signal stops starting new items.
 */
export async function runBounded<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
  onProgress?: (progress: RunProgress) => void,
  signal?: AbortSignal,
): Promise<RunOutcome<R>[]> {
  const outcomes: (RunOutcome<R> | undefined)[] = Array.from({ length: items.length });
  const progress: RunProgress = { total: items.length, done: 0, failed: 0 };
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length && !signal?.aborted) {
      const index = next++;
      try {
        outcomes[index] = { ok: true, value: await task(items[index] as T, index) };
      } catch (error) {
        outcomes[index] = { ok: false, error };
        progress.failed++;
      }
      progress.done++;
      onProgress?.({ ...progress });
    }
  }
  const lanes = Math.max(1, Math.min(limit, items.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  return outcomes.map(
    (outcome) => outcome ?? { ok: false, error: new DOMException('Cancelled', 'AbortError') },
  );
}
