import * as Comlink from 'comlink';
import { afterEach } from 'vitest';
import type { AudioWorkerApi } from '../../shared/audio/worker-protocol.ts';

/** What a browser test made that must not outlive it: object URLs and workers. */
export interface TestLeftovers {
  urls: string[];
  workers: Worker[];
}

/** Revokes the file's object URLs and ends its workers after each test; answers the lists to add to. */
export function cleanUpAfterEach(): TestLeftovers {
  const leftovers: TestLeftovers = { urls: [], workers: [] };
  afterEach(() => {
    leftovers.urls.splice(0).forEach((u) => URL.revokeObjectURL(u));
    leftovers.workers.splice(0).forEach((w) => w.terminate());
  });
  return leftovers;
}

/** The real pool worker, as the pool starts it; ended after the test (cleanUpAfterEach). */
export function startPoolWorker(workers: Worker[]): Comlink.Remote<AudioWorkerApi<CryptoKey>> {
  const worker = new Worker(new URL('../audio.worker.ts', import.meta.url), { type: 'module' });
  workers.push(worker);
  return Comlink.wrap(worker);
}
