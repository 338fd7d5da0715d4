import { beforeEach, describe, expect, it } from 'vitest';
import type { Sample } from '../../../../shared/index.ts';
import { sanitizeCheckRows, stackPreview, useSelection } from './selection.store.ts';

const rows = Array.from({ length: 8 }, (_, i) => ({ id: i + 1, audioName: `S${i + 1}` }) as Sample);
const ids = () => useSelection.getState().selected.map((s) => s.id);
const toggle = (index: number, shift = false) => useSelection.getState().toggle(rows, index, shift);

beforeEach(() => useSelection.setState({ selected: [], anchor: null, detail: null, list: null }));

describe('row selection', () => {
  it('toggles single rows with plain clicks', () => {
    toggle(1);
    toggle(4);
    expect(ids()).toEqual([2, 5]);
    toggle(1);
    expect(ids()).toEqual([5]);
  });

  it('shift-click selects the range from the anchor, in either direction', () => {
    toggle(2);
    toggle(5, true);
    expect(ids().sort()).toEqual([3, 4, 5, 6]);
    useSelection.getState().clear();
    toggle(6);
    toggle(3, true);
    expect(ids().sort()).toEqual([4, 5, 6, 7]);
    expect(ids().at(-1)).toBe(4);
  });

  it('shift-click on a selected row clears the range, keeping rows outside it', () => {
    toggle(0);
    toggle(7);
    toggle(2);
    toggle(4, true);
    expect(ids().sort()).toEqual([1, 3, 4, 5, 8]);
    toggle(3, true);
    expect(ids().sort()).toEqual([1, 5, 8]);
  });

  it('shift without an anchor acts as a plain click', () => {
    toggle(3, true);
    expect(ids()).toEqual([4]);
  });

  it('clear empties the selection; drop removes given ids', () => {
    toggle(0);
    toggle(1);
    toggle(2);
    useSelection.getState().drop([2]);
    expect(ids()).toEqual([1, 3]);
    useSelection.getState().clear();
    expect(ids()).toEqual([]);
    expect(useSelection.getState().anchor).toBeNull();
  });

  it('the stack preview shows the last three selected', () => {
    for (const i of [5, 0, 3, 6]) toggle(i);
    expect(stackPreview(useSelection.getState().selected).map((s) => s.id)).toEqual([1, 4, 7]);
    expect(stackPreview([])).toEqual([]);
  });
});

describe('selection belongs to the list it was made in', () => {
  it('is cleared when the user goes to another page, kept on the same page', () => {
    const { enterList } = useSelection.getState();
    enterList('/sounds/instruments/asset/All:Drums');
    toggle(0);
    toggle(3, true);
    enterList('/sounds/instruments/asset/All:Drums');
    expect(ids().sort()).toEqual([1, 2, 3, 4]);
    enterList('/sounds/genres');
    expect(ids()).toEqual([]);
    expect(useSelection.getState().anchor).toBeNull();
    // A shift-click on the new list starts a fresh range instead of using the old anchor.
    toggle(5, true);
    expect(ids()).toEqual([6]);
  });

  it('keeps a selection restored from storage written before the page was recorded', () => {
    toggle(2);
    useSelection.setState({ list: null });
    useSelection.getState().enterList('/sounds');
    expect(ids()).toEqual([3]);
  });
});

describe('persisted check rows (docs/PRODUCT.md §3)', () => {
  const row = (id: number) =>
    ({
      id,
      audioName: `S${id}`,
      download: false,
      likes: true,
      audioData: { kind: 'oneshot' },
    }) as unknown as Sample;

  beforeEach(() => localStorage.clear());

  /** What a reload does: the store starts from its initial state, then reads storage back. */
  const reload = async (stored: string | null) => {
    useSelection.setState({ selected: [], anchor: null, detail: null, list: null });
    if (stored === null) localStorage.removeItem('yinku.checkRows');
    else localStorage.setItem('yinku.checkRows', stored);
    await useSelection.persist.rehydrate();
  };

  it('keeps the selected rows across a reload, but not the anchor or detail', async () => {
    useSelection.getState().toggle([row(1), row(2)], 0, false);
    useSelection.getState().toggle([row(1), row(2)], 1, false);
    const raw = localStorage.getItem('yinku.checkRows');
    const stored = JSON.parse(raw ?? '{}') as { state: Record<string, unknown>; version: number };
    expect(stored.version).toBe(1);
    expect(Object.keys(stored.state)).toEqual(['selected', 'list']);
    await reload(raw);
    expect(useSelection.getState().selected.map((s) => s.id)).toEqual([1, 2]);
  });

  it('a reload on the same page keeps the selection; the next page clears it', async () => {
    useSelection.getState().enterList('/sounds/other/likes');
    useSelection.getState().toggle([row(1), row(2)], 1, false);
    await reload(localStorage.getItem('yinku.checkRows'));
    expect(useSelection.getState().list).toBe('/sounds/other/likes');
    useSelection.getState().enterList('/sounds/other/likes');
    expect(useSelection.getState().selected.map((s) => s.id)).toEqual([2]);
    useSelection.getState().enterList('/sounds');
    expect(useSelection.getState().selected).toEqual([]);
  });

  it('drops malformed and duplicate stored rows instead of breaking the lists', () => {
    expect(sanitizeCheckRows(null)).toEqual([]);
    expect(sanitizeCheckRows({ selected: 'nope' })).toEqual([]);
    const kept = sanitizeCheckRows({
      selected: [row(1), { id: 'x' }, row(1), { ...row(2), download: 'yes' }, 42, row(3)],
    });
    expect(kept.map((s) => s.id)).toEqual([1, 3]);
  });

  it('starts empty when the stored JSON is unreadable or holds garbage rows', async () => {
    await reload('{not json');
    expect(useSelection.getState().selected).toEqual([]);
    await reload(JSON.stringify({ state: { selected: [{ id: 'x' }, 7] }, version: 1 }));
    expect(useSelection.getState().selected).toEqual([]);
  });
});
