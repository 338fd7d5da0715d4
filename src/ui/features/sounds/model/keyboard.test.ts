import { describe, expect, it } from 'vitest';
import { SEEK_STEP, gridCommand } from './keyboard.ts';

describe('keyboard auditioning commands', () => {
  it('↑/↓ move within the list and start at the first row', () => {
    expect(gridCommand('ArrowDown', -1, 5)).toEqual({ type: 'move', to: 0 });
    expect(gridCommand('ArrowDown', 2, 5)).toEqual({ type: 'move', to: 3 });
    expect(gridCommand('ArrowUp', 2, 5)).toEqual({ type: 'move', to: 1 });
    expect(gridCommand('ArrowDown', 4, 5)).toEqual({ type: 'none' });
    expect(gridCommand('ArrowUp', 0, 5)).toEqual({ type: 'none' });
    expect(gridCommand('End', 0, 5)).toEqual({ type: 'move', to: 4 });
    expect(gridCommand('Home', 3, 5)).toEqual({ type: 'move', to: 0 });
  });

  it('space toggles, ←/→ seek, Enter opens the detail panel', () => {
    expect(gridCommand(' ', 1, 5)).toEqual({ type: 'toggle' });
    expect(gridCommand('ArrowLeft', 1, 5)).toEqual({ type: 'seek', by: -SEEK_STEP });
    expect(gridCommand('ArrowRight', 1, 5)).toEqual({ type: 'seek', by: SEEK_STEP });
    expect(gridCommand('Enter', 1, 5)).toEqual({ type: 'detail' });
  });

  it('does nothing on an empty list, without an active row, or for other keys', () => {
    expect(gridCommand('ArrowDown', -1, 0)).toEqual({ type: 'none' });
    expect(gridCommand(' ', -1, 5)).toEqual({ type: 'none' });
    expect(gridCommand('Enter', -1, 5)).toEqual({ type: 'none' });
    expect(gridCommand('a', 1, 5)).toEqual({ type: 'none' });
  });
});
