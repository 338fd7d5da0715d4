import type { SplitFormat } from './split-decode.ts';

/** Every this many files of a format, the path not preferred is taken once, to follow the load. */
export const EXPLORE_EVERY = 8;
/** Costs remembered per path; the cheapest counts (interference only ever adds time). */
const WINDOW = 3;
/** Samples of each path taken before choosing. */
const LEARN = 2;

interface Path {
  /** Milliseconds per byte of the last WINDOW decodes. */
  costs: number[];
  /** Decodes seen, the cold first split included. */
  seen: number;
}

/**
 * Chooses, per format, between one decode and two halves on two threads by what each has cost
 * lately (ms per byte, the cheapest of the last three). Two halves only pay while the second
 * core is free and the decoder's per-file cost is small against the file: measured in the pool
 * worker here, a 10 s MP3 decodes in ~0.75× the time split, a FLAC no faster, and at load 5 on
 * 2 cores both cost up to 1.8×. Learning: three split files (the first, which starts the helper,
 * is not counted), two whole ones, then the cheaper path, with the other once every
 * EXPLORE_EVERY-th file.
 */
export class SplitPolicy {
  private readonly formats = new Map<SplitFormat, { files: number; split: Path; whole: Path }>();

  /** True when the next file of `format` should be decoded in two halves. */
  shouldSplit(format: SplitFormat): boolean {
    const f = this.paths(format);
    f.files++;
    if (f.split.costs.length < LEARN) return true;
    if (f.whole.costs.length < LEARN) return false;
    const splitWins = Math.min(...f.split.costs) <= Math.min(...f.whole.costs);
    return f.files % EXPLORE_EVERY === 0 ? !splitWins : splitWins;
  }

  /** Records what one decode of `bytes` took, split in two or whole. */
  record(format: SplitFormat, split: boolean, bytes: number, ms: number): void {
    const path = split ? this.paths(format).split : this.paths(format).whole;
    // The first split file also starts the helper and its WASM: not a decode cost.
    if (path.seen++ === 0 && split) return;
    path.costs.push(ms / bytes);
    if (path.costs.length > WINDOW) path.costs.shift();
  }

  private paths(format: SplitFormat) {
    let f = this.formats.get(format);
    if (!f) {
      f = { files: 0, split: { costs: [], seen: 0 }, whole: { costs: [], seen: 0 } };
      this.formats.set(format, f);
    }
    return f;
  }
}
