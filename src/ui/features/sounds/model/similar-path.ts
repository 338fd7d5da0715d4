/** Route of the samples that sound like sample `id` (docs/SOUNDS.md, "Routes"). */
export const similarPath = (id: number): string => `/sounds/similar/${id}`;

/** Route of the samples that sound like the last file searched by sound. */
export const SOUND_SEARCH_PATH = '/sounds/search-by-sound';

/** What a link to a similar list carries in the history entry: the source sample's name. */
export interface SimilarState {
  name?: string;
}

/** The source's name from a history entry's state, when a row or the panel put it there. */
export function sourceName(state: unknown): string | undefined {
  const name = (state as SimilarState | null)?.name;
  return typeof name === 'string' && name ? name : undefined;
}
