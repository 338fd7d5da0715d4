import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettingsStore } from '../../../stores/settings.store.ts';
import { peaksCache } from '../services.ts';
import { fakeLayout, renderSounds, sample } from '../testing/render.tsx';
import type * as format from './format.ts';
import { rowTextCells } from './format.ts';
import { SampleList } from './SampleList.tsx';

// Every row's render (full or light) builds its text cells once: the calls count renders per sample.
vi.mock('./format.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof format>();
  return { ...actual, rowTextCells: vi.fn(actual.rowTextCells) };
});

const many = Array.from({ length: 400 }, (_, i) => sample(i + 1));
let restoreLayout: () => void;

/** Renders so far of each sample's row, by sample id. */
function rendersById(): Map<number, number> {
  const counts = new Map<number, number>();
  for (const [row] of vi.mocked(rowTextCells).mock.calls)
    counts.set(row.id, (counts.get(row.id) ?? 0) + 1);
  return counts;
}

const drawnIds = () =>
  [...document.querySelectorAll('[role=row][data-sample-id]')].map((row) =>
    Number(row.getAttribute('data-sample-id')),
  );

beforeEach(() => {
  restoreLayout = fakeLayout();
  vi.spyOn(peaksCache(), 'load').mockResolvedValue([]);
  vi.mocked(rowTextCells).mockClear();
});

afterEach(() => {
  restoreLayout();
  useSettingsStore.getState().reset();
  vi.restoreAllMocks();
});

describe('sample rows render only when their own data changes', () => {
  it('a settings change that rows do not show renders no row again', () => {
    renderSounds(<SampleList total={many.length} rows={many} ensureRange={() => {}} />);
    const drawn = drawnIds();
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.every((id) => rendersById().get(id) === 1)).toBe(true);

    act(() => {
      const { set } = useSettingsStore.getState();
      set('volume', 0.3);
      set('searchText', 'kick');
      set('menuLevels', ['instruments', null, null]);
      set('projectTempo', 128);
    });
    expect(drawn.map((id) => rendersById().get(id))).toEqual(drawn.map(() => 1));

    // What rows do show (Sync's "Am → Cm") renders them all again: the counter counts.
    act(() => {
      const { set } = useSettingsStore.getState();
      set('projectKey', 'Cm');
      set('sync', true);
    });
    expect(drawn.map((id) => rendersById().get(id))).toEqual(drawn.map(() => 2));
    expect(screen.getAllByText('→ Cm').length).toBe(drawn.length);
  });

  it('scrolling renders the rows that come into the window, not those that stay', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'performance', 'requestAnimationFrame'],
    });
    try {
      renderSounds(<SampleList total={many.length} rows={many} ensureRange={() => {}} />);
      const before = drawnIds();
      let top = 0;
      Object.defineProperty(window, 'scrollY', { configurable: true, get: () => top });
      // A slow wheel: 24 px every 16 ms for 10 frames, then the scroll settles.
      for (let i = 0; i < 10; i++) {
        top += 24;
        fireEvent.scroll(window);
        act(() => vi.advanceTimersByTime(16));
      }
      act(() => vi.advanceTimersByTime(300));
      const after = drawnIds();
      const stayed = before.filter((id) => after.includes(id));
      expect(stayed.length).toBeGreaterThan(5);
      expect(after.some((id) => !before.includes(id))).toBe(true);
      expect(stayed.map((id) => rendersById().get(id))).toEqual(stayed.map(() => 1));
    } finally {
      vi.useRealTimers();
    }
  });
});
