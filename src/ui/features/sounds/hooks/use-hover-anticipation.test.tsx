import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sample } from '../../../../shared/index.ts';
import { SCROLL_SETTLE_MS, useHoverAnticipation } from './use-hover-anticipation.ts';

const anticipate = vi.fn();
vi.mock('../../../player/index.ts', () => ({ anticipate: (rows: unknown) => anticipate(rows) }));

/** One animation frame at 60 Hz, as the fake timers run them (ms). */
const FRAME_MS = 17;

const rows = [1, 2, 3].map((id) => ({ id }) as Sample);

function Grid() {
  const { onKeyboardMove, ...hover } = useHoverAnticipation({ current: rows });
  return (
    <div role="grid" {...hover} tabIndex={0} onKeyDown={onKeyboardMove}>
      {rows.map((s, i) => (
        <div key={s.id} role="row" aria-rowindex={i + 2} data-sample-id={s.id}>
          row {s.id}
        </div>
      ))}
    </div>
  );
}

/** Where the page says the pointer is once it stops scrolling (jsdom has no layout). */
function pointerRestsOn(text: string) {
  const under = screen.getByText(text);
  Object.defineProperty(document, 'elementFromPoint', { configurable: true, value: () => under });
}

describe('useHoverAnticipation', () => {
  beforeEach(() => anticipate.mockClear());
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(document, 'elementFromPoint');
  });

  it('wishes no row a wheel scroll passes under a still pointer, then the row it stops on', () => {
    vi.useFakeTimers();
    render(<Grid />);
    fireEvent.pointerOver(screen.getByText('row 1'), { clientX: 10, clientY: 12 });
    anticipate.mockClear();
    for (const row of ['row 2', 'row 3']) {
      fireEvent.scroll(window);
      fireEvent.pointerOver(screen.getByText(row), { clientX: 10, clientY: 12 });
      vi.advanceTimersByTime(SCROLL_SETTLE_MS / 2);
    }
    expect(anticipate).not.toHaveBeenCalled();
    pointerRestsOn('row 3');
    vi.advanceTimersByTime(SCROLL_SETTLE_MS + FRAME_MS);
    expect(anticipate).toHaveBeenCalledExactlyOnceWith([rows[2], undefined]);
  });

  it('on a machine drawing a frame every 160 ms, a scroll still under way never settles', () => {
    vi.useFakeTimers();
    render(<Grid />);
    fireEvent.pointerOver(screen.getByText('row 1'), { clientX: 10, clientY: 12 });
    anticipate.mockClear();
    pointerRestsOn('row 2');
    fireEvent.scroll(window);
    for (let i = 0; i < 5; i++) {
      // The quiet time passes, but the next frame brings the next scroll event before its callbacks.
      vi.advanceTimersByTime(SCROLL_SETTLE_MS);
      fireEvent.scroll(window);
    }
    expect(anticipate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SCROLL_SETTLE_MS + FRAME_MS);
    expect(anticipate).toHaveBeenCalledExactlyOnceWith([rows[1], rows[2]]);
  });

  it('ignores a row the page moved under a still pointer before its scroll event arrived', () => {
    render(<Grid />);
    fireEvent.pointerOver(screen.getByText('row 1'), { clientX: 10, clientY: 12 });
    anticipate.mockClear();
    const grid = screen.getByRole('grid');
    vi.spyOn(grid, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, -52, 300, 156));
    fireEvent.pointerOver(screen.getByText('row 2'), { clientX: 10, clientY: 12 });
    expect(anticipate).not.toHaveBeenCalled();
  });

  it('wishes nothing when a scroll made by ↓ settles under a still pointer', () => {
    vi.useFakeTimers();
    render(<Grid />);
    fireEvent.pointerOver(screen.getByText('row 1'), { clientX: 10, clientY: 12 });
    fireEvent.keyDown(screen.getByRole('grid'), { key: 'ArrowDown' });
    anticipate.mockClear();
    fireEvent.scroll(window);
    pointerRestsOn('row 3');
    vi.advanceTimersByTime(SCROLL_SETTLE_MS);
    expect(anticipate).not.toHaveBeenCalled();
  });

  it('wants the row a moving pointer comes to, and the one below', () => {
    render(<Grid />);
    fireEvent.pointerMove(screen.getByText('row 1'), { clientX: 10, clientY: 10 });
    fireEvent.pointerOver(screen.getByText('row 2'), { clientX: 10, clientY: 60 });
    expect(anticipate).toHaveBeenCalledWith([rows[1], rows[2]]);
  });

  it('ignores a row that ↓ scrolled under a still pointer', () => {
    render(<Grid />);
    fireEvent.pointerMove(screen.getByText('row 1'), { clientX: 10, clientY: 10 });
    fireEvent.pointerOver(screen.getByText('row 1'), { clientX: 10, clientY: 12 });
    fireEvent.keyDown(screen.getByRole('grid'), { key: 'ArrowDown' });
    anticipate.mockClear();
    // The page scrolled: row 3 now lies where the pointer rests, and the browser says so.
    fireEvent.pointerOver(screen.getByText('row 3'), { clientX: 10, clientY: 12 });
    expect(anticipate).not.toHaveBeenCalled();
  });

  it('counts a row that a new list put under a still pointer when no key was pressed', () => {
    render(<Grid />);
    fireEvent.pointerOver(screen.getByText('row 1'), { clientX: 10, clientY: 12 });
    anticipate.mockClear();
    fireEvent.pointerOver(screen.getByText('row 3'), { clientX: 10, clientY: 12 });
    expect(anticipate).toHaveBeenCalledWith([rows[2], undefined]);
  });

  it('counts the pointer again once it moves after the keys', () => {
    render(<Grid />);
    fireEvent.pointerOver(screen.getByText('row 1'), { clientX: 10, clientY: 12 });
    fireEvent.keyDown(screen.getByRole('grid'), { key: 'ArrowDown' });
    fireEvent.pointerMove(screen.getByText('row 1'), { clientX: 11, clientY: 40 });
    anticipate.mockClear();
    fireEvent.pointerOver(screen.getByText('row 2'), { clientX: 11, clientY: 60 });
    expect(anticipate).toHaveBeenCalledWith([rows[1], rows[2]]);
  });
});
