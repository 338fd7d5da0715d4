import { useEffect, useRef, type PointerEvent } from 'react';
import type { Sample } from '../../../../shared/index.ts';
import { anticipate } from '../../../player/index.ts';

/** Handlers a list spreads on its grid so the row a pointer rests on is fetched ahead. */
interface HoverAnticipation {
  onPointerMove: (event: PointerEvent<HTMLElement>) => void;
  onPointerOver: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave: () => void;
  /** The keyboard moved the selection: a still pointer says nothing until it moves again. */
  onKeyboardMove: () => void;
}

/** Quiet after the last scroll event before the row under a still pointer counts (ms). */
export const SCROLL_SETTLE_MS = 150;

/**
 * The row the pointer rests on is likely clicked next: fetch it (and the one below) ahead. By
 * sample, not index: the same index of another list (or the row just clicked) is news.
 *
 * A still pointer's rows count only once the page stops moving under it. When the wheel or ↓
 * scrolls the page, the browser sends `pointerover` for each row that passes under the resting
 * pointer; taken as wishes, a slow wheel fetched and decoded a row every few frames and dropped
 * every other frame of the scroll, and ↓ auditioning lost its own wish (the next rows down) to
 * the passing row (benchmarks/README.md "The real path"). When a scroll settles, the row under the
 * pointer is wished, unless the keyboard drives. A new list under a still pointer counts at once:
 * a hand resting on the first row is about to click it.
 */
export function useHoverAnticipation(rowsRef: {
  current: readonly (Sample | undefined)[];
}): HoverAnticipation {
  const hovered = useRef<number | null>(null);
  // Where the pointer last was, and where the grid's top was then (it moves when the page scrolls).
  const lastPoint = useRef<{ x: number; y: number; top: number } | null>(null);
  const grid = useRef<HTMLElement | null>(null);
  const keyboard = useRef(false);
  const scrolling = useRef(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let frame: number | null = null;
    let scrolls = 0;
    const settled = () => {
      scrolling.current = false;
      const point = lastPoint.current;
      if (!point || !grid.current || keyboard.current) return;
      const under = document.elementFromPoint(point.x, point.y);
      if (under && grid.current.contains(under)) wishRow(under, rowsRef.current, hovered);
    };
    // Quiet for SCROLL_SETTLE_MS is not enough on a machine drawing a frame every 150 ms or more:
    // a scroll that goes on once a frame would settle between frames. A frame's scroll event is
    // sent before its animation-frame callbacks, so one frame with no scroll event means it stopped.
    const quietFrame = () => {
      const seen = scrolls;
      frame = requestAnimationFrame(() => {
        frame = null;
        if (scrolls === seen) settled();
      });
    };
    const onScroll = () => {
      scrolls++;
      scrolling.current = true;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(quietFrame, SCROLL_SETTLE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true, capture: true });
    return () => {
      window.removeEventListener('scroll', onScroll, { capture: true });
      if (timer !== null) clearTimeout(timer);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [rowsRef]);

  /** Whether the pointer has not moved since its last event; `scrolled` if the grid moved instead. */
  const still = (event: PointerEvent<HTMLElement>) => {
    const last = lastPoint.current;
    const top = event.currentTarget.getBoundingClientRect().top;
    lastPoint.current = { x: event.clientX, y: event.clientY, top };
    grid.current = event.currentTarget;
    if (last === null || last.x !== event.clientX || last.y !== event.clientY) return false;
    return last.top !== top ? 'scrolled' : true;
  };
  return {
    onPointerMove(event) {
      if (!still(event)) keyboard.current = false;
    },
    onPointerOver(event) {
      // The browser's first pointerover of a scroll can come before the scroll event itself.
      const pointer = still(event);
      if (pointer === 'scrolled' || (pointer && (keyboard.current || scrolling.current))) return;
      keyboard.current = false;
      wishRow(event.target as Element, rowsRef.current, hovered);
    },
    onPointerLeave() {
      hovered.current = null;
      grid.current = null;
    },
    onKeyboardMove() {
      keyboard.current = true;
    },
  };
}

/** Wishes the row `target` lies in (and the one below), unless it is the row already wished. */
function wishRow(
  target: Element | null,
  rows: readonly (Sample | undefined)[],
  hovered: { current: number | null },
): void {
  const row = target?.closest('[data-sample-id]');
  const index = Number(row?.getAttribute('aria-rowindex') ?? 0) - 2;
  const sample = rows[index];
  if (!sample || sample.id === hovered.current) return;
  hovered.current = sample.id;
  anticipate([sample, rows[index + 1]]);
}
