// MP3 auditions encoded after the library is inserted (the `demo` and `large` first start), and
// again for previews of an older format version (AUDITION_VERSION) on any later start: the
// gateway serves while this runs; a sample gets its public audition code only once its MP3 is
// stored, so no audition link ever points at a missing file, and an old preview plays until its
// new one is stored.
import { randomUUID } from 'node:crypto';
import { tryHoldLease } from '../cluster/lease-holder.ts';
import type { AppContext } from '../context.ts';
import { AUDITION_VERSION } from './auditions/mp3-audition.ts';
import { startRenderPool } from './render-pool.ts';
import type { SeedProgress } from './seed-progress.ts';
import type { AuditionResult } from './library.repository.ts';
import { newAuditionCode } from './sample-rows.ts';

const BATCH = 25;

/**
 * Encodes the auditions of every sample that has none or one of an older format version (those
 * without first, then most popular first), on worker threads.
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
  // `large` library has ~100 rows per blob). A blob none of whose rows has a preview comes first
  // (those play only in full; an old preview still plays), then the most popular.
  const idsOf = new Map<string, { ids: number[]; popularity: number; stale: boolean }>();
  for (const row of await ctx.repo.library.pendingAuditions(AUDITION_VERSION)) {
    const entry = idsOf.get(row.blobHash) ?? { ids: [], popularity: 0, stale: true };
    entry.ids.push(row.id);
    entry.popularity = Math.max(entry.popularity, row.popularity);
    entry.stale &&= row.stale;
    idsOf.set(row.blobHash, entry);
  }
  const rank = (hash: string) => idsOf.get(hash) ?? { popularity: 0, stale: true };
  const sorted = [...idsOf.keys()].sort(
    (a, b) =>
      Number(rank(a).stale) - Number(rank(b).stale) || rank(b).popularity - rank(a).popularity,
  );
  const pending = sorted.slice(0, Math.max(0, sorted.length - leave));
  if (pending.length === 0) return 0;
  const stale = pending.filter((hash) => rank(hash).stale).length;
  const log = stale > 0 ? progressLog(stale, pending.length) : null;
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
        results.push({
          id,
          auditionHash,
          auditionCode: newAuditionCode(),
          auditionVersion: AUDITION_VERSION,
        });
    }
    writing = writing.then(async () => {
      await ctx.repo.library.storeAuditions(results);
      encoded += blobs.length;
      onProgress?.({ phase: 'auditions', done: encoded, total: pending.length });
      log?.(encoded);
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

/**
 * The log lines of a pass that re-encodes previews of an older format (an existing data
 * directory after an upgrade): its start, every tenth of the way, and its end.
 */
function progressLog(stale: number, total: number): (done: number) => void {
  const started = performance.now();
  console.log(
    `[previews] encoding ${total} previews in format version ${AUDITION_VERSION} in the background: ` +
      `${stale} of an older version (they play as they are until then), ${total - stale} missing`,
  );
  const step = Math.max(1, Math.ceil(total / 10));
  let next = step;
  return (done) => {
    if (done < next && done < total) return;
    next = done + step;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `[previews] ${done}/${total} previews in format ${AUDITION_VERSION} (${seconds} s)`,
    );
  };
}
