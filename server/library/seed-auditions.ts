// MP3 auditions encoded after the library is inserted (the `demo` and `large` first start):
// the gateway serves while this runs; a sample gets its public audition code only once its MP3
// is stored, so no audition link ever points at a missing file.
import { randomUUID } from 'node:crypto';
import { tryHoldLease } from '../cluster/lease-holder.ts';
import type { AppContext } from '../context.ts';
import { startRenderPool } from '../seed/render-pool.ts';
import type { SeedProgress } from './seed-library.ts';
import type { AuditionResult } from './library.repository.ts';
import { newAuditionCode } from './sample-rows.ts';

const BATCH = 25;

/**
 * Encodes the auditions of every sample that has none, most popular first, on worker threads.
 * Samples sharing one audio blob (the `large` volumes) share the MP3 but get their own codes.
 * Returns the number of audio blobs encoded; safe to call again after an interrupted run.
 * `leave` stops the pass that many blobs short (the least popular; YINKU_SEED_PENDING_AUDITIONS).
 * Runs under the `auditions` lease: while another instance on the database encodes, this
 * returns 0 at once instead of encoding the same samples again.
 */
export async function encodePendingAuditions(
  ctx: AppContext,
  onProgress?: (progress: SeedProgress) => void,
  options: { leave?: number } = {},
): Promise<number> {
  const lease = await tryHoldLease(
    ctx.repo.leases,
    'auditions',
    randomUUID(),
    ctx.clock,
    ctx.config.leaseMs,
  );
  if (!lease) return 0;
  try {
    return await encodeUnderLease(ctx, onProgress, options.leave ?? 0);
  } finally {
    await lease.release();
  }
}

async function encodeUnderLease(
  ctx: AppContext,
  onProgress: ((progress: SeedProgress) => void) | undefined,
  leave: number,
): Promise<number> {
  // One pass groups the waiting rows by audio blob (there is no index on blob_hash, and the
  // `large` library has ~100 rows per blob), most popular blob first.
  const idsOf = new Map<string, { ids: number[]; popularity: number }>();
  for (const row of await ctx.repo.library.pendingAuditions()) {
    const entry = idsOf.get(row.blobHash) ?? { ids: [], popularity: 0 };
    entry.ids.push(row.id);
    entry.popularity = Math.max(entry.popularity, row.popularity);
    idsOf.set(row.blobHash, entry);
  }
  const sorted = [...idsOf.keys()].sort(
    (a, b) => (idsOf.get(b)?.popularity ?? 0) - (idsOf.get(a)?.popularity ?? 0),
  );
  const pending = sorted.slice(0, Math.max(0, sorted.length - leave));
  if (pending.length === 0) return 0;
  const pool = startRenderPool();
  const done: Array<[blobHash: string, mp3: Uint8Array]> = [];
  let encoded = 0;
  // Writes run one after another in the order the batches filled (the runners below overlap).
  let writing = Promise.resolve();
  const flush = () => {
    const results: AuditionResult[] = [];
    const blobs = done.splice(0);
    for (const [blobHash, mp3] of blobs) {
      const auditionHash = ctx.blobs.put(mp3);
      for (const id of idsOf.get(blobHash)?.ids ?? [])
        results.push({ id, auditionHash, auditionCode: newAuditionCode() });
    }
    writing = writing.then(async () => {
      await ctx.repo.library.storeAuditions(results);
      encoded += blobs.length;
      onProgress?.({ phase: 'auditions', done: encoded, total: pending.length });
    });
    // Marked handled here; the rejection still reaches the `await writing` below.
    writing.catch(() => undefined);
  };
  try {
    let next = 0;
    const runOne = async (): Promise<void> => {
      while (next < pending.length) {
        const blobHash = pending[next++]!;
        done.push([blobHash, await pool.audition(ctx.blobs.pathOf(blobHash))]);
        if (done.length >= BATCH) flush();
      }
    };
    await Promise.all(Array.from({ length: 4 }, runOne));
    if (done.length > 0) flush();
    await writing;
  } finally {
    await pool.close();
  }
  return encoded;
}
