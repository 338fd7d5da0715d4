import { ApiError } from '../http/api-error.ts';
import type { CatalogueRepository, RelationScope } from './catalogue.repository.ts';
import { CATALOGUE_MESSAGES } from './catalogue.schemas.ts';

// How unpublished packs stay out of users' sight outside the lists (docs/ADMIN.md "Packs"): the
// lists filter in SQL (SampleFilter.publishedOnly); single items are checked here.

/** Whether a list in `scope` leaves unpublished packs out: all but the warehouse, while any exists. */
export async function publishedOnly(
  repo: CatalogueRepository,
  scope?: RelationScope,
): Promise<boolean> {
  return scope?.relation !== 'stockroom' && (await repo.anyUnpublished());
}

/** The ids among `ids` the viewer may not see (in an unpublished pack, not acquired). */
export async function hiddenIds(
  repo: CatalogueRepository,
  ids: readonly number[],
  viewerId: number | null,
): Promise<Set<number>> {
  return new Set(ids.length === 0 ? [] : await repo.hiddenSamples(ids, viewerId));
}

/** Throws the sample's 404 when the viewer may not see sample `id`. */
export async function refuseHiddenSample(
  repo: CatalogueRepository,
  id: number,
  viewerId: number | null,
): Promise<void> {
  if ((await repo.hiddenSamples([id], viewerId)).length > 0)
    throw new ApiError('NOT_FOUND', CATALOGUE_MESSAGES.sampleNotFound);
}
