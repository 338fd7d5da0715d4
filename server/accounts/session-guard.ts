import { DEFAULTS } from '../../src/shared/constants.ts';
import type { Clock } from '../clock.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { ACCOUNT_POLICY } from './account-policy.ts';

/**
 * How long after its end a session is remembered: its last access token was issued before the
 * end and lives 2 h (docs/PRODUCT.md §9); the minute covers clocks of instances that differ.
 */
const REMEMBER_MS = DEFAULTS.tokenLifetimeMs + 60_000;

/** The ended sessions this gateway refuses, kept in memory (docs/api/accounts.md#sessions). */
export interface SessionGuard {
  /** Whether the session ended: a lookup in memory, no storage read. */
  isEnded(sessionId: string): boolean;
  /** Reads the ends not seen yet now; a route that ended a session awaits it before answering. */
  sync(): Promise<void>;
  /** Reads every end of the last 2 h, then polls the session version until `stop`. */
  start(onError: (error: unknown) => void): Promise<void>;
  stop(): void;
}

/**
 * A guard over `accounts.endedSessionsSince`: a poll every `pollMs` reads one version row, and
 * the ends after the version seen only when it moved. Reads run one after another, so a `sync`
 * that follows an end sees it.
 */
export function createSessionGuard(options: {
  accounts: Pick<AccountsRepository, 'endedSessionsSince'>;
  clock: Clock;
  pollMs?: number;
}): SessionGuard {
  const { accounts, clock } = options;
  const ended = new Map<string, number>();
  let version = 0;
  let queue: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | null = null;
  let lastPrune = 0;
  let reading = 0;

  const read = async (): Promise<void> => {
    const now = clock.now();
    const result = await accounts.endedSessionsSince(version, now - REMEMBER_MS);
    if (result.version < version) ended.clear();
    for (const end of result.ended) ended.set(end.sessionId, end.endedAt);
    version = result.version;
    if (now - lastPrune >= 60_000) {
      lastPrune = now;
      for (const [id, endedAt] of ended) if (endedAt < now - REMEMBER_MS) ended.delete(id);
    }
  };
  // One read at a time, in order: a sync queued after an end's commit reads past it.
  const sync = (): Promise<void> => {
    reading++;
    const next = queue.then(read).finally(() => reading--);
    queue = next.catch(() => {});
    return next;
  };
  // A poll while a read is still running (a slow database) would only queue up behind it.
  const poll = (onError: (error: unknown) => void) => {
    if (reading === 0) sync().catch(onError);
  };

  return {
    isEnded: (sessionId) => ended.has(sessionId),
    sync,
    async start(onError) {
      await sync();
      timer ??= setInterval(() => poll(onError), options.pollMs ?? ACCOUNT_POLICY.sessionPollMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
