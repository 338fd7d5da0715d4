import {
  API,
  type AudioListQuery,
  type CategoryNode,
  type ListPage,
  type Pack,
  type Sample,
  type SearchListPage,
  type SearchSuggestion,
  SIMILAR_LIMITS,
  type SimilarPage,
  type SimilarSearchPayload,
  type Spectrum,
  type TagCount,
  type TagQuery,
  type UserItemRemovePayload,
  type UserListQuery,
} from '../../shared/index.ts';
import { http } from './http.client.ts';
import { offlineGuard } from './offline-guard.ts';

/** Query values the HTTP client flattens into the URL. */
type SearchParams = Record<string, string | number | boolean | undefined>;

/** Options of one call: query, cancellation, and whether the caller shows errors itself. */
export interface CallOptions {
  searchParams?: SearchParams;
  signal?: AbortSignal;
  silent?: boolean;
}

/**
 * The slice of the app's HTTP client the sounds API modules need. JSON calls resolve to the
 * envelope's `data` (code 200) and reject otherwise; `blob` returns the raw body.
 */
export interface JsonHttp {
  get<T>(path: string, options?: CallOptions): Promise<T>;
  post<T>(path: string, body: unknown, options?: CallOptions): Promise<T>;
  blob(path: string, options?: CallOptions): Promise<Blob>;
}

/** Drops undefined and empty values so the gateway, which rejects unknown values, sees only real filters. */
function toSearchParams(query: object): SearchParams {
  const out: SearchParams = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[key] = value;
  }
  return out;
}

/**
 * The catalogue calls of docs/PRODUCT.md §7 (lists, tree, search, user lists, spectrum, packs). A list call
 * made `silent` shows no toast: the list on screen shows its failure with a retry instead.
 */
function createCatalogueApi(http: JsonHttp) {
  /** A list call: one page of `range` at `path`, the query's filters in the URL. */
  const pageOf =
    <Q extends AudioListQuery | UserListQuery, T>(path: string, range: 'samples' | 'packs') =>
    (query: Q, signal?: AbortSignal, silent = false): Promise<T> =>
      http.get(path, { searchParams: toSearchParams({ ...query, range }), signal, silent });
  return {
    /** A page of samples (range samples) of the catalogue. */
    samples: pageOf<AudioListQuery, ListPage<Sample>>(API.audios, 'samples'),
    /** A page of packs of the catalogue. */
    packs: pageOf<AudioListQuery, ListPage<Pack>>(API.audios, 'packs'),
    /** Full-text search over samples (keyword required); says when it corrected a typo. */
    search: pageOf<AudioListQuery, SearchListPage<Sample>>(API.search, 'samples'),
    /** Autocomplete over instruments, genres, tags, packs and brands (silent: hints only). */
    suggest(q: string, signal?: AbortSignal): Promise<SearchSuggestion[]> {
      return http.get(API.suggest, { searchParams: { q, limit: 12 }, signal, silent: true });
    },
    /** A page of the user's warehouse or liked samples. */
    userSamples: pageOf<UserListQuery, ListPage<Sample>>(API.userAudios, 'samples'),
    /** A page of the user's warehouse or liked packs. */
    userPacks: pageOf<UserListQuery, ListPage<Pack>>(API.userAudios, 'packs'),
    /** Samples that sound like sample `id`, nearest first (one page of at most `limit`). */
    similar(
      id: number,
      limit: number = SIMILAR_LIMITS.default,
      signal?: AbortSignal,
      silent = false,
    ): Promise<SimilarPage> {
      return http.get(API.similar(id), { searchParams: { limit }, signal, silent });
    },
    /** Samples that sound like an embedding computed here from a local file (only the numbers go). */
    similarBySound(
      body: SimilarSearchPayload,
      signal?: AbortSignal,
      silent = false,
    ): Promise<SimilarPage> {
      return http.post(
        API.similarSearch,
        { limit: SIMILAR_LIMITS.default, ...body },
        { signal, silent },
      );
    },
    /** The category tree (category → primary → secondary, with counts). */
    tree(signal?: AbortSignal): Promise<CategoryNode[]> {
      return http.get(API.instrumentsStyle, { signal });
    },
    /** The tag vocabulary of a scope with counts, most used first. */
    tags(query: TagQuery = {}, signal?: AbortSignal): Promise<TagCount[]> {
      // Tag chips are an aid: a failure leaves them out without a toast.
      return http.get(API.tags, { searchParams: toSearchParams(query), signal, silent: true });
    },
    /** One pack's details. */
    pack(packCode: string, signal?: AbortSignal): Promise<Pack> {
      return http.get(API.pack(packCode), { signal });
    },
    /** The 256 peaks of a sample's waveform. */
    spectrum(id: number, signal?: AbortSignal): Promise<Spectrum> {
      // A row without its waveform still works: no toast per failed row.
      return http.get(API.spectrum(id), { signal, silent: true });
    },
    /** Removes items from the warehouse or the liked list. */
    removeUserItems(payload: UserItemRemovePayload): Promise<unknown> {
      return http.post(API.userItemRemove, payload);
    },
    /** Undoes a removal: hidden warehouse items come back, likes are made again. */
    restoreUserItems(payload: UserItemRemovePayload): Promise<unknown> {
      return http.post(API.userItemRestore, payload);
    },
  };
}

/** The catalogue API object. */
type CatalogueApi = ReturnType<typeof createCatalogueApi>;

/** The catalogue calls through the app's HTTP client. */
export const catalogueApi: CatalogueApi = createCatalogueApi(offlineGuard(http));
