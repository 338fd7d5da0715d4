/**
 * How fast the sample grid is scrolling, shared with the rows' deferred loads (peaks, covers).
 * Measured on this machine (software raster, 2 cores): about one row's loads per frame fit in a
 * 16.7 ms frame, more do not, so rows wait while the grid moves faster than ~50 px per frame.
 */

/** Above this speed (px/ms, ≈ 50 px per 60 Hz frame) rows put their loads off. */
const FAST_SCROLL_PX_PER_MS = 3;
/**
 * Above this speed (px/ms, ≈ 250 px per 60 Hz frame) a row is on screen for under three frames:
 * the grid draws light rows (benchmarks/README.md "Scrolling 100,000 rows").
 */
const FLING_PX_PER_MS = 15;
/** A scroll event older than this (ms) means the grid has stopped. */
const QUIET_MS = 100;

/** One grid's scroll speed tracker. */
export function createScrollSpeed() {
  let lastTime = -Infinity;
  let lastTop = 0;
  let speed = 0;
  return {
    /** Records a scroll position (from the grid's scroll event). */
    note(top: number, now = performance.now()): void {
      const dt = now - lastTime;
      speed = dt > 0 && dt < QUIET_MS * 2 ? Math.abs(top - lastTop) / dt : 0;
      lastTime = now;
      lastTop = top;
    },
    /** Whether the grid is moving too fast for rows to load now. */
    fast(now = performance.now()): boolean {
      return now - lastTime < QUIET_MS && speed > FAST_SCROLL_PX_PER_MS;
    },
    /** Whether the grid is flung so fast that rows cannot be read as they pass. */
    flinging(now = performance.now()): boolean {
      return now - lastTime < QUIET_MS && speed > FLING_PX_PER_MS;
    },
  };
}

/** The app's grid scroll speed (one grid scrolls at a time). */
export const gridScrollSpeed = createScrollSpeed();
