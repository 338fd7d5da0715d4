import type { Clock } from '../clock.ts';
import type { InsightCount, InsightKind, InsightRepository } from './insight.repository.ts';

/** One UTC day in ms. */
export const DAY_MS = 86_400_000;

/** The UTC day (days since 1970-01-01) of an epoch-ms instant. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** How the recorder batches and keeps counts (docs/ADMIN.md "Insight"). */
export interface InsightRecorderOptions {
  store: InsightRepository;
  clock: Clock;
  /** Between flushes (ms); a crash loses at most this much of counts. */
  flushMs?: number;
  /** Days kept; older rows are deleted by the first flush of each day. */
  retentionDays?: number;
  /** Distinct (day, kind, key) held between flushes; beyond it new keys are dropped. */
  maxKeys?: number;
  /** Told of a failed flush (its counts are kept for the next one). */
  onError?: (error: unknown) => void;
}

/** Counts events in memory and adds them to storage in one batch every few seconds. */
export interface InsightRecorder {
  /** Counts one event (or `n`) of a kind and key today: a map update, no I/O. */
  count(kind: InsightKind, key: string, n?: number): void;
  /** Writes the counts held now (and prunes old days once a day). */
  flush(): Promise<void>;
  /** Stops the timer and flushes what is left. */
  close(): Promise<void>;
}

const SEP = '\u0000';

/**
 * A recorder whose hot path is one Map update: counts are summed per (day, kind, key) and
 * flushed as upserts (count = count + n) every `flushMs` and on close, so gateways sharing a
 * database add to the same rows. A failed flush keeps its counts for the next.
 */
export function createInsightRecorder(options: InsightRecorderOptions): InsightRecorder {
  const { store, clock, flushMs = 5000, retentionDays = 400, maxKeys = 50_000 } = options;
  let held = new Map<string, number>();
  let running: Promise<void> | null = null;
  let prunedDay = -1;

  const writeOnce = async (): Promise<void> => {
    const batch = held;
    held = new Map();
    const counts: InsightCount[] = [...batch]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, count]) => {
        const [day, kind, key] = id.split(SEP) as [string, InsightKind, string];
        return { day: Number(day), kind, key, count };
      });
    try {
      if (counts.length > 0) await store.add(counts);
      const today = dayOf(clock.now());
      if (today !== prunedDay) {
        prunedDay = today;
        await store.prune(today - retentionDays + 1);
      }
    } catch (error) {
      // Put the batch back (added to what came since) so a database hiccup loses nothing.
      for (const [id, n] of batch) held.set(id, (held.get(id) ?? 0) + n);
      options.onError?.(error);
    }
  };

  const flush = (): Promise<void> => {
    // One flush at a time: a call during one shares it (close() flushes once more after it).
    running ??= writeOnce().finally(() => (running = null));
    return running;
  };

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    count(kind, key, n = 1) {
      const id = `${dayOf(clock.now())}${SEP}${kind}${SEP}${key}`;
      const was = held.get(id);
      if (was === undefined && held.size >= maxKeys) return;
      held.set(id, (was ?? 0) + n);
    },
    flush,
    async close() {
      clearInterval(timer);
      if (running) await running;
      await flush();
    },
  };
}
