import { create } from 'zustand';
import { DEFAULTS, type Pack, type Sample } from '../../../../shared/index.ts';

/** What the right detail panel shows. */
export type DetailItem = { type: 'sample'; sample: Sample } | { type: 'pack'; pack: Pack };

/** Selection state of the sample lists (checkboxes, shift ranges) and the detail panel's item. */
export interface SelectionState {
  /** Selected samples in the order they were selected. */
  selected: Sample[];
  /** Index (in the current list) of the last plain click: the start of a shift range. */
  anchor: number | null;
  detail: DetailItem | null;
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
}

/** Selection and detail-panel store shared by lists, the selected-rows panel and the detail panel. */
export const useSelection = create<SelectionState>()((set, get) => ({
  selected: [],
  anchor: null,
  detail: null,
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
  drop: (ids) => set((state) => ({ selected: state.selected.filter((s) => !ids.includes(s.id)) })),
  showDetail: (detail) => set({ detail }),
}));

/** The rows of the stack preview: the last three selected, newest last. */
export function stackPreview(selected: readonly Sample[]): Sample[] {
  return selected.slice(-DEFAULTS.selectionStackPreview);
}
