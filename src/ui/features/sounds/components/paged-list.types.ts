import type { ReactNode } from 'react';
import type { AudioListQuery, ListPage } from '../../../../shared/index.ts';

/** What a catalogue list loaded a page at a time (samples or packs) is given by its page. */
export interface PagedListProps<T> {
  /** The fixed part of the query (category, names, pack, keyword…). */
  base: AudioListQuery;
  /** A page of the list; `silent` because the list itself shows a failure (with a retry). */
  load(query: AudioListQuery, signal: AbortSignal, silent: boolean): Promise<ListPage<T>>;
  /** Bumped by the page to reload (e.g. after removing rows). */
  version?: number;
  label?: string;
  /** Present on the warehouse and liked lists: removes the item from that list. */
  onRemove?: (item: T) => void;
  /** What the page shows when nothing at all is listed (filters aside): what to do next. */
  empty?: ReactNode;
}
