import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { Sample } from '../../../../shared/index.ts';
import { anticipate, playFromList, seekBy, toggleSample } from '../../../player/index.ts';
import { gridCommand } from '../model/keyboard.ts';
import { useSelection } from '../model/selection.store.ts';

/** Keys the grid takes when nothing has the focus (the page just loaded, or a click on nothing). */
const GLOBAL_KEYS = new Set(['ArrowDown', 'ArrowUp', ' ', 'Enter']);

/** What the grid's keys act on. */
interface GridKeysOptions {
  rows: readonly (Sample | undefined)[];
  count: number;
  /** The active row's index (-1: none). */
  active: number;
  setActive(index: number): void;
  /** Brings a row into view. */
  scrollToIndex(index: number): void;
  /** The keyboard moved the selection (the hover anticipation stops trusting a still pointer). */
  onKeyboardMove(): void;
  /** The grid element, focused when a key comes in with nothing focused. */
  grid: RefObject<HTMLElement | null>;
}

/**
 * Keyboard auditioning on a sample grid: ↑/↓ move and play (fetching the next rows ahead),
 * space toggles, ←/→ seek, Enter opens the detail panel. The grid's own keydown handler is the
 * answer; the list also takes these keys with nothing focused (capture phase, so the player
 * bar's global space comes after it), focusing the grid.
 */
export function useGridKeys(options: GridKeysOptions): (event: KeyboardEvent<HTMLElement>) => void {
  const { rows, count, active, setActive, scrollToIndex, onKeyboardMove, grid } = options;

  /** Runs a grid key; true when the key meant something here (the caller prevents its default). */
  const runKey = (key: string): boolean => {
    const command = gridCommand(key, active, count);
    if (command.type === 'none') return false;
    const current = rows[active];
    switch (command.type) {
      case 'move': {
        const sample = rows[command.to];
        if (sample) playFromList(sample, rows);
        setActive(command.to);
        onKeyboardMove();
        scrollToIndex(command.to);
        // The next rows in the same direction, so ↓ auditioning starts from the cache.
        const step = command.to >= active ? 1 : -1;
        anticipate([rows[command.to + step], rows[command.to + 2 * step]]);
        break;
      }
      case 'toggle':
        if (current) toggleSample(current, rows);
        break;
      case 'seek':
        seekBy(command.by);
        break;
      case 'detail':
        if (current) useSelection.getState().showDetail({ type: 'sample', sample: current });
        break;
    }
    return true;
  };

  const runKeyRef = useRef(runKey);
  useLayoutEffect(() => {
    runKeyRef.current = runKey;
  });
  useEffect(() => {
    const onWindowKey = (event: globalThis.KeyboardEvent) => {
      const focused = document.activeElement;
      if (focused && focused !== document.body) return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (!GLOBAL_KEYS.has(event.key) || !runKeyRef.current(event.key)) return;
      event.preventDefault();
      grid.current?.focus({ preventScroll: true });
    };
    window.addEventListener('keydown', onWindowKey, { capture: true });
    return () => window.removeEventListener('keydown', onWindowKey, { capture: true });
  }, [grid]);

  return (event) => {
    if (event.target !== event.currentTarget) return;
    if (runKey(event.key)) event.preventDefault();
  };
}
