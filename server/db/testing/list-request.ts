import type { ListRequest, SampleFilter } from '../../catalogue/catalogue.repository.ts';

/**
 * A list request for the storage tests: `filter`, the first page of 25 in popularity order for
 * an anonymous viewer in English, with any of those replaced by `fields`.
 */
export function listRequest(filter: SampleFilter, fields: Partial<ListRequest> = {}): ListRequest {
  return {
    filter,
    sort: 'MOST_POPULAR',
    seed: 1,
    page: 1,
    pageSize: 25,
    language: 'en',
    viewerId: null,
    ...fields,
  };
}
