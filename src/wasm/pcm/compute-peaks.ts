/** Max |amplitude| over all channels in `count` equal buckets (0..1), as the spectrum call serves. */
export function computePeaks(channels: Float32Array[], count: number): Float32Array {
  const peaks = new Float32Array(count);
  const frames = channels[0]?.length ?? 0;
  if (frames === 0 || count === 0) return peaks;
  for (let b = 0; b < count; b++) {
    const from = Math.floor((b * frames) / count);
    const to = Math.max(from + 1, Math.floor(((b + 1) * frames) / count));
    let max = 0;
    for (const plane of channels) {
      for (let i = from; i < to && i < frames; i++) {
        const v = Math.abs(plane[i]!);
        if (v > max) max = v;
      }
    }
    peaks[b] = Math.min(1, max);
  }
  return peaks;
}

/**
 * `computePeaks` fed frame range by frame range while the planes fill (a WAV decoded as it
 * downloads), so that only the last range is left once the last byte is in. Same result.
 */
export class PeakTracker {
  private readonly frames: number;
  private readonly count: number;
  private readonly max: Float64Array;
  private bin = 0;
  private binEnd = 0;
  private next = 0;

  constructor(frames: number, count: number) {
    this.frames = frames;
    this.count = count;
    this.max = new Float64Array(count);
    this.binEnd = this.edge(1);
  }

  /** Takes frames `from`..`to` of `planes`, just written; ranges come in order, without gaps. */
  add(planes: Float32Array[], from: number, to: number): void {
    this.scan(from, to, (a, b) => {
      let m = 0;
      for (const plane of planes) {
        for (let i = a; i < b; i++) {
          const v = Math.abs(plane[i]!);
          if (v > m) m = v;
        }
      }
      return m;
    });
  }

  /**
   * Takes frames `from`..`to` through `maxAbs(a, b)`, called bucket by bucket over the whole
   * range (so a caller may convert the frames in it too), which answers the largest |sample| of
   * frames a..b (NaN samples ignored, as computePeaks does).
   */
  scan(from: number, to: number, maxAbs: (a: number, b: number) => number): void {
    // Fewer frames than buckets: the buckets overlap, and `peaks` computes them whole at the end.
    if (this.count === 0 || this.frames < this.count || from !== this.next) {
      this.next = Number.NaN;
      if (to > from) maxAbs(from, to);
      return;
    }
    this.next = to;
    for (let at = from; at < to;) {
      const end = Math.min(this.binEnd, to);
      const m = maxAbs(at, end);
      if (m > this.max[this.bin]!) this.max[this.bin] = m;
      at = end;
      if (at === this.binEnd) this.binEnd = this.edge(++this.bin + 1);
    }
  }

  /** The peaks, once every frame was added (else computed from the planes as they are). */
  peaks(planes: Float32Array[]): Float32Array {
    if (this.frames < this.count || this.next !== this.frames)
      return computePeaks(planes, this.count);
    return Float32Array.from(this.max, (m) => Math.min(1, m));
  }

  /** First frame of bucket `b` (as computePeaks cuts them). */
  private edge(b: number): number {
    return Math.floor((b * this.frames) / this.count);
  }
}
