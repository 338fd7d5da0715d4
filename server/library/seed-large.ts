// The `large` (100,000 sample rows) and `huge` (1,000,000) libraries for scale benchmarks: the
// demo library's rendered audio is reused by volumes of every pack ("Vol. 2", "Vol. 3", …).
// Blobs are content-addressed, so the clones cost rows, not disk; each clone still gets its own
// name, audition code, popularity and date so sorting and search behave like a real catalogue.
import type { AppContext } from '../context.ts';
import type { LibraryPlan } from './demo/library-plan.ts';
import { BRANDS } from './demo/packs.ts';
import { Rng } from '../synth/prng.ts';
import type { LibraryBatch, SampleInsert } from './library.repository.ts';
import { newAuditionCode, searchText } from './sample-rows.ts';

/** Sample rows of the `large` library. */
export const LARGE_SAMPLE_COUNT = 100_000;
/** Sample rows of the `huge` library. */
export const HUGE_SAMPLE_COUNT = 1_000_000;

const BATCH = 10_000;
const DAY = 86_400_000;

/**
 * Adds pack volumes cloned from the rendered base library until there are `target` samples, as
 * one bulk load (`writeBulk`): a crash leaves the base library and its indexes as they were.
 */
export async function cloneToLarge(
  ctx: AppContext,
  plan: LibraryPlan,
  baseRows: SampleInsert[],
  target: number,
  onDone: (done: number) => void,
): Promise<void> {
  const rng = new Rng(100_000);
  const coverOf = await ctx.repo.library.packCovers();
  const indicesOf = new Map(plan.packs.map((pack) => [pack, [] as number[]]));
  plan.samples.forEach((sample, i) => indicesOf.get(sample.pack)?.push(i));
  // Only the name differs between a sample's clones in the search text.
  const searchBase = plan.samples.map((sample) => searchText(sample));
  let total = baseRows.length;
  // One batch per pack volume, made as the bulk load reads it.
  function* volumes(): Generator<LibraryBatch> {
    for (let volume = 2; total < target; volume++) {
      for (const pack of plan.packs) {
        if (total >= target) break;
        const code = `${pack.code}-vol-${volume}`;
        const createdMs = Date.parse(pack.createdAt) + volume * rng.int(5, 30) * DAY;
        const batch: LibraryBatch = {
          packs: [
            {
              code,
              nameEn: `${pack.nameEn} Vol. ${volume}`,
              nameZh: `${pack.nameZh} 第${volume}辑`,
              descriptionEn: pack.descriptionEn,
              descriptionZh: pack.descriptionZh,
              brand: BRANDS[pack.brand]!.name,
              category: pack.category,
              primaryName: pack.primary.name,
              coverHash: coverOf.get(pack.code) ?? null,
              tags: pack.tags,
              popularity: Math.round(pack.popularity / volume),
              createdAt: new Date(Math.min(ctx.clock.now(), createdMs)).toISOString(),
            },
          ],
          samples: [],
        };
        for (const i of indicesOf.get(pack) ?? []) {
          if (total >= target) break;
          const sample = plan.samples[i]!;
          const nameEn = `${sample.nameEn} V${volume}`;
          const nameZh = `${sample.nameZh} 第${volume}版`;
          batch.samples?.push({
            ...baseRows[i]!,
            packCode: code,
            nameEn,
            nameZh,
            fileName: sample.fileName.replace(/\.wav$/, ` V${volume}.wav`),
            // A code only with an audition: deferred ones get theirs when the MP3 is stored.
            auditionCode: baseRows[i]!.auditionHash ? newAuditionCode() : null,
            popularity: Math.round(baseRows[i]!.popularity * rng.range(0.05, 1.2)),
            createdAt: new Date(
              Math.min(ctx.clock.now(), createdMs + rng.int(0, 20_000) * 60_000),
            ).toISOString(),
            search: { ...searchBase[i]!, name: `${nameEn} ${nameZh}` },
          });
          total++;
          if (total % BATCH === 0) onDone(total);
        }
        yield batch;
      }
    }
  }
  await ctx.repo.library.writeBulk(volumes());
  onDone(total);
}
