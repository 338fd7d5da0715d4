/**
 * Light rows drawn during a fling (SampleRowLite) turn into full rows a few per frame once the
 * grid slows, rows in view first: all ~27 at once cost about three frames here (a visible hitch
 * as the fling ends), about five per frame fit in one.
 */

/** Full rows mounted per animation frame after a fling. */
export const UPGRADES_PER_FRAME = 5;

interface Upgrade {
  run(): void;
  inView: boolean;
}

/** A queue of row upgrades, run `perFrame` at a time on `nextFrame`, rows in view first. */
export function createUpgradeQueue(
  perFrame = UPGRADES_PER_FRAME,
  nextFrame: (run: () => void) => void = (run) => requestAnimationFrame(run),
) {
  const pending = new Set<Upgrade>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const order = [...pending].sort((a, b) => Number(b.inView) - Number(a.inView));
    for (const upgrade of order.slice(0, perFrame)) {
      pending.delete(upgrade);
      upgrade.run();
    }
    if (pending.size > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    nextFrame(flush);
  };
  return {
    /** Queues `run` (a row in view goes before rows in the overscan); the answer cancels it. */
    add(run: () => void, inView: boolean): () => void {
      const upgrade = { run, inView };
      pending.add(upgrade);
      schedule();
      return () => {
        pending.delete(upgrade);
      };
    },
  };
}

/** The grid's upgrade queue (one grid scrolls at a time). */
export const rowUpgrades = createUpgradeQueue();
