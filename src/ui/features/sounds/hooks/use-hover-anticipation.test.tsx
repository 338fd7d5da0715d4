import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sample } from '../../../../shared/index.ts';
import { useHoverAnticipation } from './use-hover-anticipation.ts';

const anticipate = vi.fn();
vi.mock('../../player/index.tsx', () => ({ anticipate: (rows: unknown) => anticipate(rows) }));

const rows = [1, 2, 3].map((id) => ({ id }) as Sample);

function Grid() {
  const hover = useHoverAnticipation({ current: rows });
  return (
    <div role="grid" {...hover}>
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

  it('ignores a row that scrolled under a still pointer', () => {
    render(<Grid />);
    fireEvent.pointerMove(screen.getByText('row 1'), { clientX: 10, clientY: 10 });
    fireEvent.pointerOver(screen.getByText('row 1'), { clientX: 10, clientY: 12 });
    anticipate.mockClear();
    // The page scrolled: row 3 now lies where the pointer rests, and the browser says so.
    fireEvent.pointerOver(screen.getByText('row 3'), { clientX: 10, clientY: 12 });
    expect(anticipate).not.toHaveBeenCalled();
  });
});
