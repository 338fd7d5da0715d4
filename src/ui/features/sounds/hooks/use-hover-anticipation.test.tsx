import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sample } from '../../../../shared/index.ts';
import { useHoverAnticipation } from './use-hover-anticipation.ts';

const anticipate = vi.fn();
vi.mock('../../player/index.tsx', () => ({ anticipate: (rows: unknown) => anticipate(rows) }));

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

describe('useHoverAnticipation', () => {
  beforeEach(() => anticipate.mockClear());

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
