import { useRef, type PointerEvent } from 'react';
import type { Sample } from '../../../../shared/index.ts';
import { anticipate } from '../../player/index.tsx';

/** Handlers a list spreads on its grid so the row a pointer rests on is fetched ahead. */
interface HoverAnticipation {
  onPointerMove: (event: PointerEvent<HTMLElement>) => void;
  onPointerOver: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave: () => void;
  /** The keyboard moved the selection: a still pointer says nothing until it moves again. */
  onKeyboardMove: () => void;
}

/**
 * The row the pointer rests on is likely clicked next: fetch it (and the one below) ahead. By
 * sample, not index: the same index of another list (or the row just clicked) is news.
 *
 * While the keyboard drives, a still pointer does not count. When ↓ auditioning scrolls the window
 * under a pointer at rest, the browser sends `pointerover` for whatever row now lies under it;
 * taken as a wish, that row replaced the keyboard's own wish (the next rows down) and every ↓
 * after the first screen met an empty cache (docs/AUDIO.md, "The real path"). A new list under a
 * still pointer without keys pressed still counts: a hand resting on the first row is about to
 * click it.
 */
export function useHoverAnticipation(rowsRef: {
  current: readonly (Sample | undefined)[];
}): HoverAnticipation {
  const hovered = useRef<number | null>(null);
  const lastPoint = useRef<{ x: number; y: number } | null>(null);
  const keyboard = useRef(false);
  const still = (event: PointerEvent<HTMLElement>) => {
    const last = lastPoint.current;
    lastPoint.current = { x: event.clientX, y: event.clientY };
    return last !== null && last.x === event.clientX && last.y === event.clientY;
  };
  return {
    onPointerMove(event) {
      if (!still(event)) keyboard.current = false;
    },
    onPointerOver(event) {
      if (still(event) && keyboard.current) return;
      keyboard.current = false;
      const row = (event.target as Element).closest('[data-sample-id]');
      const index = Number(row?.getAttribute('aria-rowindex') ?? 0) - 2;
      const rows = rowsRef.current;
      const sample = rows[index];
      if (!sample || sample.id === hovered.current) return;
      hovered.current = sample.id;
      anticipate([sample, rows[index + 1]]);
    },
    onPointerLeave() {
      hovered.current = null;
    },
    onKeyboardMove() {
      keyboard.current = true;
    },
  };
}
