import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Sort } from '../../../../shared/index.ts';
import { useSettingsStore } from '../../../stores/settings.store.ts';
import { effectiveSort, readFilters, writeFilters, type ListFilters } from '../model/list-query.ts';

/** How a filter change enters the history. */
export interface UpdateOptions {
  /** Replace the current entry (a field still being typed in) instead of pushing one. */
  replace?: boolean;
}

/** The list's sort and filters from the URL, and a setter that pushes a history entry. */
export function useListFilters(): {
  filters: ListFilters;
  sort: Sort;
  /** True when the URL names the sort (a search without one sorts by relevance). */
  sortInUrl: boolean;
  update(patch: Partial<ListFilters>, options?: UpdateOptions): void;
  reset(): void;
} {
  const [params, setParams] = useSearchParams();
  const settingSort = useSettingsStore((s) => s.assetSort);
  const key = params.toString();
  const filters = useMemo(() => readFilters(new URLSearchParams(key)), [key]);
  const update = useCallback(
    (patch: Partial<ListFilters>, options?: UpdateOptions) => {
      setParams((current) => writeFilters(current, patch), { replace: options?.replace });
      if (patch.sort) useSettingsStore.getState().set('assetSort', patch.sort);
    },
    [setParams],
  );
  const reset = useCallback(
    () =>
      setParams((current) =>
        writeFilters(current, {
          kind: undefined,
          key: undefined,
          keyMatch: undefined,
          bpmMin: undefined,
          bpmMax: undefined,
          tags: undefined,
        }),
      ),
    [setParams],
  );
  return {
    filters,
    sort: effectiveSort(filters, settingSort),
    sortInUrl: filters.sort !== undefined,
    update,
    reset,
  };
}
