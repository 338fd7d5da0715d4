// The `large` library (100,000 sample rows for scale benchmarks): the demo library's rendered
// audio is reused by volumes of every pack ("Vol. 2", "Vol. 3", …). Blobs are content-addressed,
// so the clones cost rows, not disk; each clone still gets its own name, audition code,
// popularity and date so sorting and search behave like a real catalogue.
import type { AppContext } from '../context.ts';
import { transaction } from '../db/database.ts';
import type { LibraryWriter, SampleInsert } from '../db/sqlite/library.sqlite.ts';
import type { LibraryPlan } from '../seed/library-plan.ts';
import { Rng } from '../seed/prng.ts';
import { ftsText, newAuditionCode } from './sample-rows.ts';

/** Sample rows of the `large` library. */
export const LARGE_SAMPLE_COUNT = 100_000;

const BATCH = 2_000;
const DAY = 86_400_000;

/** Adds pack volumes cloned from the rendered base library until there are `target` samples. */
export function cloneToLarge(
  ctx: AppContext,
  writer: LibraryWriter,
  plan: LibraryPlan,
  baseRows: SampleInsert[],
  brandIds: number[],
  target: number,
  onDone: (done: number) => void,
): void {
  const rng = new Rng(100_000);
  const coverOf = new Map(
    ctx.db
      .prepare('SELECT code, cover_hash FROM packs')
      .all()
      .map((row) => [String(row.code), row.cover_hash as string | null]),
  );
  const indicesOf = new Map(plan.packs.map((pack) => [pack, [] as number[]]));
  plan.samples.forEach((sample, i) => indicesOf.get(sample.pack)?.push(i));
  let total = baseRows.length;
  for (let volume = 2; total < target; volume++) {
    transaction(ctx.db, () => {
      for (const pack of plan.packs) {
        if (total >= target) break;
        const code = `${pack.code}-vol-${volume}`;
        const createdMs = Date.parse(pack.createdAt) + volume * rng.int(5, 30) * DAY;
        writer.pack({
          code,
          nameEn: `${pack.nameEn} Vol. ${volume}`,
          nameZh: `${pack.nameZh} 第${volume}辑`,
          descriptionEn: pack.descriptionEn,
          descriptionZh: pack.descriptionZh,
          brandId: brandIds[pack.brand]!,
          category: pack.category,
          primaryName: pack.primary.name,
          coverHash: coverOf.get(pack.code) ?? null,
          tags: pack.tags,
          popularity: Math.round(pack.popularity / volume),
          createdAt: new Date(Math.min(ctx.clock.now(), createdMs)).toISOString(),
        });
        for (const i of indicesOf.get(pack) ?? []) {
          if (total >= target) break;
          const sample = plan.samples[i]!;
          const nameEn = `${sample.nameEn} V${volume}`;
          const nameZh = `${sample.nameZh} 第${volume}版`;
          writer.sample(
            {
              ...baseRows[i]!,
              packCode: code,
              nameEn,
              nameZh,
              fileName: `${nameEn}.wav`,
              // A code only with an audition: deferred ones get theirs when the MP3 is stored.
              auditionCode: baseRows[i]!.auditionHash ? newAuditionCode() : null,
              popularity: Math.round(baseRows[i]!.popularity * rng.range(0.05, 1.2)),
              createdAt: new Date(
                Math.min(ctx.clock.now(), createdMs + rng.int(0, 20_000) * 60_000),
              ).toISOString(),
            },
            ftsText(sample, nameEn, nameZh),
          );
          total++;
          if (total % BATCH === 0) onDone(total);
        }
      }
    });
  }
  onDone(total);
}
