import type { SplitFormat } from './split-decode.ts';

/** Every this many files of a format, the path not preferred is taken once, to follow the load. */
export const EXPLORE_EVERY = 8;
/** Weight of a new cost in the running average. */
const ALPHA = 0.3;

interface Cost {
  /** Milliseconds per byte, running average. */
  value: number;
  samples: number;
}

/**
 * Chooses, per format, between one decode and two halves on two threads by what each has cost
 * lately (ms per byte). Two halves only pay while the second core is free: on a busy machine
 * both threads share a core and the split costs more than it saves (measured: 1.2–1.8× the
 * whole decode at load 5 on 2 cores, 0.72× when quiet). The first two files of a format are
 * split (the first one starts the helper), the third is decoded whole, then the cheaper path is
 * taken, and every EXPLORE_EVERY-th file the other one once.
 */
export class SplitPolicy {
  private readonly formats = new Map<SplitFormat, { files: number; split: Cost; whole: Cost }>();

  /** True when the next file of `format` should be decoded in two halves. */
  shouldSplit(format: SplitFormat): boolean {
    const f = this.costs(format);
    f.files++;
    if (f.split.samples < 2) return true;
    if (f.whole.samples === 0) return false;
    const splitWins = f.split.value <= f.whole.value;
    return f.files % EXPLORE_EVERY === 0 ? !splitWins : splitWins;
  }

  /** Records what one decode of `bytes` took, split in two or whole. */
  record(format: SplitFormat, split: boolean, bytes: number, ms: number): void {
    const cost = split ? this.costs(format).split : this.costs(format).whole;
    const value = ms / bytes;
    // The first sample of each path may include a cold start: the second replaces it.
    cost.value = cost.samples < 2 ? value : cost.value + ALPHA * (value - cost.value);
    cost.samples++;
  }

  private costs(format: SplitFormat) {
    let f = this.formats.get(format);
    if (!f) {
      f = { files: 0, split: { value: 0, samples: 0 }, whole: { value: 0, samples: 0 } };
      this.formats.set(format, f);
    }
    return f;
  }
}
