/** What a key press on the sample grid asks for (keyboard auditioning: our addition to docs/PRODUCT.md §4). */
type GridCommand =
  | { type: 'move'; to: number }
  | { type: 'toggle' }
  | { type: 'seek'; by: number }
  | { type: 'detail' }
  | { type: 'none' };

/** Fraction of the track one ←/→ press moves. */
export const SEEK_STEP = 0.1;

/**
 * Maps a key on the grid to a command: ↑/↓ move (and play), space toggles, ←/→ seek,
 * Enter opens the detail panel, Home/End jump to the ends. Out-of-range moves are ignored.
 */
export function gridCommand(key: string, active: number, count: number): GridCommand {
  if (count <= 0) return { type: 'none' };
  const clampTo = (to: number) =>
    to === active || to < 0 || to >= count
      ? ({ type: 'none' } as const)
      : ({ type: 'move', to } as const);
  switch (key) {
    case 'ArrowDown':
      return active < 0 ? { type: 'move', to: 0 } : clampTo(active + 1);
    case 'ArrowUp':
      return active < 0 ? { type: 'move', to: 0 } : clampTo(active - 1);
    case 'Home':
      return clampTo(0);
    case 'End':
      return clampTo(count - 1);
    case ' ':
    case 'Spacebar':
      return active < 0 ? { type: 'none' } : { type: 'toggle' };
    case 'ArrowLeft':
      return { type: 'seek', by: -SEEK_STEP };
    case 'ArrowRight':
      return { type: 'seek', by: SEEK_STEP };
    case 'Enter':
      return active < 0 ? { type: 'none' } : { type: 'detail' };
    default:
      return { type: 'none' };
  }
}
