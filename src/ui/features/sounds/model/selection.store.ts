import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { DEFAULTS, type Pack, type Sample } from '../../../../shared/index.ts';
import { isRecord, safeJsonStorage } from '../../../stores/persist-storage.ts';

/** What the right detail panel shows. */
type DetailItem = { type: 'sample'; sample: Sample } | { type: 'pack'; pack: Pack };

/** Selection state of the sample lists (checkboxes, shift ranges) and the detail panel's item. */
interface SelectionState {
  /** Selected samples in the order they were selected. */
  selected: Sample[];
  /** Index (in the current list) of the last plain click: the start of a shift range. */
  anchor: number | null;
  detail: DetailItem | null;
  /** The page (path) of the list the selection was made in; null before any list was shown. */
  list: string | null;
  /**
   * Toggles the row at `index` of `rows`. With shift and an anchor, every row between the anchor
   * and `index` takes the clicked row's new state (rows not loaded yet are skipped).
   */
  toggle(rows: readonly (Sample | undefined)[], index: number, shift: boolean): void;
  /** Clears the selection (the selected-rows panel's close button). */
  clear(): void;
  /** Drops selected rows by id (after they were removed from a list). */
  drop(ids: readonly number[]): void;
  /** Shows an item in the detail panel (null hides it). */
  showDetail(item: DetailItem | null): void;
  /**
   * The user is now on the page at `path`: a selection made in another page's list is cleared
   * (its rows are not on screen, and bulk actions would act on rows the user cannot see).
   * Sort and filter changes stay on the same page and keep it; so does a reload.
   */
  enterList(path: string): void;
}

/** Most selected rows kept across reloads (docs/PRODUCT.md §3 "check rows"). */
const CHECK_ROWS_LIMIT = 1000;

/** Whether a stored value still looks like a sample row the panels can show and act on. */
function isStoredSample(value: unknown): value is Sample {
  return (
    isRecord(value) &&
    Number.isInteger(value.id) &&
    typeof value.audioName === 'string' &&
    typeof value.download === 'boolean' &&
    typeof value.likes === 'boolean' &&
    isRecord(value.audioData)
  );
}

/** The persisted check rows, validated: malformed entries and duplicates are dropped. */
export function sanitizeCheckRows(stored: unknown): Sample[] {
  const rows = isRecord(stored) && Array.isArray(stored.selected) ? stored.selected : [];
  const seen = new Set<number>();
  return rows
    .filter(isStoredSample)
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .slice(-CHECK_ROWS_LIMIT);
}

/**
 * Selection and detail-panel store shared by lists, the selected-rows panel and the detail panel.
 * The selected rows persist under `yinku.checkRows` (docs/PRODUCT.md §3); logout clears them with the rest of
 * local storage.
 */
export const useSelection = create<SelectionState>()(
  persist(
    (set, get) => ({
      selected: [],
      anchor: null,
      detail: null,
      list: null,
      toggle(rows, index, shift) {
        const row = rows[index];
        if (!row) return;
        const { selected, anchor } = get();
        const ids = new Set(selected.map((s) => s.id));
        const select = !ids.has(row.id);
        const range =
          shift && anchor !== null && anchor < rows.length
            ? rows
                .slice(Math.min(anchor, index), Math.max(anchor, index) + 1)
                .filter((r): r is Sample => r !== undefined)
            : [row];
        // Keep the clicked row last so the stack preview shows it on top.
        const ordered = range[0] === row ? [...range].reverse() : range;
        const next = select
          ? [...selected, ...ordered.filter((r) => !ids.has(r.id))]
          : selected.filter((s) => !range.some((r) => r.id === s.id));
        set({ selected: next, anchor: shift && anchor !== null ? anchor : index });
      },
      clear: () => set({ selected: [], anchor: null }),
      drop: (ids) =>
        set((state) => ({ selected: state.selected.filter((s) => !ids.includes(s.id)) })),
      showDetail: (detail) => set({ detail }),
      enterList(path) {
        const { list, selected } = get();
        if (path === list) return;
        // Rows kept from before the page was recorded (older storage) stay with this page.
        if (list === null || selected.length === 0) set({ list: path, anchor: null });
        else set({ list: path, selected: [], anchor: null });
      },
    }),
    {
      name: 'yinku.checkRows',
      version: 1,
      storage: safeJsonStorage(),
      partialize: (state) =>
        ({ selected: state.selected, list: state.list }) as unknown as SelectionState,
      merge: (stored, current) => ({
        ...current,
        selected: sanitizeCheckRows(stored),
        list: isRecord(stored) && typeof stored.list === 'string' ? stored.list : null,
      }),
    },
  ),
);

/** The rows of the stack preview: the last three selected, newest last. */
export function stackPreview(selected: readonly Sample[]): Sample[] {
  return selected.slice(-DEFAULTS.selectionStackPreview);
}
