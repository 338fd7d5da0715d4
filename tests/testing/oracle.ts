// Expected answers computed the slow, obvious way: every row read through the storage oracle
// (server/db/oracle.repository.ts) and filtered here, so no test names a SQL dialect and the same
// checks hold for every storage adapter (docs/ARCHITECTURE.md#storage).
import type { StoredPack, StoredSample } from '../../server/db/oracle.repository.ts';
import type { SampleWrite } from '../../server/library/library.repository.ts';
import type { TestGateway } from './test-gateway.ts';

type WithOracle = Pick<TestGateway, 'oracle'>;
/** Which stored samples a helper takes. */
type Where = (sample: StoredSample) => boolean;

/** Every stored sample that satisfies `where`, by id. */
export async function samplesWhere(
  gateway: WithOracle,
  where: Where = () => true,
): Promise<StoredSample[]> {
  return (await gateway.oracle.samples()).filter(where);
}

/** The ids of the stored samples that satisfy `where`, ascending. */
export async function sampleIdsWhere(gateway: WithOracle, where?: Where): Promise<number[]> {
  return (await samplesWhere(gateway, where)).map((sample) => sample.id);
}

/** How many stored samples satisfy `where`. */
export async function countSamples(gateway: WithOracle, where?: Where): Promise<number> {
  return (await samplesWhere(gateway, where)).length;
}

/** The first stored sample (lowest id) that satisfies `where`; throws when there is none. */
export async function firstSample(gateway: WithOracle, where?: Where): Promise<StoredSample> {
  const [sample] = await samplesWhere(gateway, where);
  if (!sample) throw new Error('no stored sample satisfies the condition');
  return sample;
}

/** One stored sample by id; throws when there is none. */
export async function sampleById(gateway: WithOracle, id: number): Promise<StoredSample> {
  return firstSample(gateway, (sample) => sample.id === id);
}

/** Every stored pack that satisfies `where`, by code. */
export async function packsWhere(
  gateway: WithOracle,
  where: (pack: StoredPack) => boolean = () => true,
): Promise<StoredPack[]> {
  return (await gateway.oracle.packs()).filter(where);
}

/** How many samples of those satisfying `where` carry each tag. */
export async function tagCountsWhere(
  gateway: WithOracle,
  where?: Where,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const sample of await samplesWhere(gateway, where))
    for (const tag of sample.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return counts;
}

/** Sets a user's remaining downloads (null = unlimited) straight in storage. */
export async function setQuota(
  gateway: WithOracle,
  userId: number,
  quota: number | null,
): Promise<void> {
  await gateway.oracle.setDownloadQuota(userId, quota);
}

/** A user's remaining downloads, read straight from storage. */
export async function quotaOf(gateway: WithOracle, userId: number): Promise<number | null> {
  const quota = await gateway.oracle.downloadQuota(userId);
  if (quota === undefined) throw new Error(`no user ${userId}`);
  return quota;
}

/** A stored sample as a new row to write (no id; search text from its names and place). */
export function asNewSample(sample: StoredSample): SampleWrite {
  const { id: _id, ...row } = sample;
  return {
    ...row,
    search: {
      name: `${sample.nameEn} ${sample.nameZh}`,
      brand: '',
      pack: sample.packCode,
      type: sample.primaryName,
      grp: sample.secondaryName,
    },
  };
}
