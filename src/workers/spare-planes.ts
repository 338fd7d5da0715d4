import { touchedPlane } from '../wasm/pcm/pcm-samples.ts';

/** Files whose planes take more than this are not prepared for (bytes: ~90 s of stereo 44.1 kHz). */
const KEEP_MAX_BYTES = 32 * 1024 * 1024;

/** A spare serves a plane at most this much smaller (the rest travels with it, unused). */
const SLACK = 1.25;

/** Bytes of pages touched per idle task (~0.2–0.5 ms here), so that a job arriving waits little. */
const SLICE_BYTES = 256 * 1024;

/**
 * Float32 plane buffers made ahead, while the worker is idle after a WAV, for the next one. A
 * fresh plane's pages are mapped on first write: 1.4–3.5 ms for the two planes of a 10 s stereo
 * file in the pool worker here, on the thread that converts the body as it arrives. The planes
 * are transferred away with each result, so they cannot be reused, only prepared: after a file,
 * as many planes of its size are made, and their pages touched slice by slice in idle tasks,
 * on the bet that the next file is alike.
 */
export class SparePlanes {
  private spare: ArrayBuffer[] = [];
  /** Spares whose pages are still being touched, and how far. */
  private touching: { buffer: ArrayBuffer; at: number }[] = [];
  private scheduled = false;
  /** Frames of the last plane taken (what a decoder asked for), for `prepareLikeLast`. */
  private lastTaken = 0;
  private readonly schedule: (task: () => void) => void;

  /** `schedule` runs a task once the thread is idle (default: a background task). */
  constructor(schedule: (task: () => void) => void = backgroundTask) {
    this.schedule = schedule;
  }

  /** A plane of `frames` samples: a view on a prepared buffer that fits, else a fresh one. */
  take(frames: number): Float32Array<ArrayBuffer> {
    this.lastTaken = frames;
    const bytes = frames * 4;
    const index = this.spare.findIndex(
      (b) => b.byteLength >= bytes && b.byteLength <= bytes * SLACK,
    );
    if (index < 0) return touchedPlane(frames);
    const buffer = this.spare.splice(index, 1)[0]!;
    // Its new owner writes samples into it: no idle task may write zeros there any more.
    this.touching = this.touching.filter((t) => t.buffer !== buffer);
    return new Float32Array(buffer, 0, frames);
  }

  /** After a file of `count` planes of `frames`: prepares as many for the next, when idle. */
  prepare(count: number, frames: number): void {
    const bytes = frames * 4;
    if (bytes === 0 || bytes * count > KEEP_MAX_BYTES) return;
    // Spares of another size are dropped: the next file is most likely like the last one.
    this.spare = this.spare.filter((b) => b.byteLength === bytes);
    this.touching = this.touching.filter((t) => t.buffer.byteLength === bytes);
    while (this.spare.length < count) {
      const buffer = new ArrayBuffer(bytes);
      this.spare.push(buffer);
      this.touching.push({ buffer, at: 0 });
    }
    this.touchLater();
  }

  /**
   * After a file decoded into `count` planes taken here: prepares as many of the size last
   * taken (a decoder may ask for more than the file's frames, e.g. an MP3's frame-walk bound), so
   * the next file alike finds planes that fit. Either way the size taken is forgotten.
   */
  prepareLikeLast(count: number): void {
    const frames = this.lastTaken;
    this.lastTaken = 0;
    if (count > 0 && frames > 0) this.prepare(count, frames);
  }

  /** Buffers ready now (their pages possibly not all touched yet). */
  get ready(): number {
    return this.spare.length;
  }

  /** Spares whose pages are not all touched yet. */
  get untouched(): number {
    return this.touching.length;
  }

  private touchLater(): void {
    if (this.scheduled || this.touching.length === 0) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      const job = this.touching[0];
      if (!job) return;
      const bytes = new Uint8Array(job.buffer);
      const end = Math.min(bytes.length, job.at + SLICE_BYTES);
      // A zero into each 4 KB page of a fresh (all-zero) buffer: the fault happens now.
      for (let at = job.at; at < end; at += 4096) bytes[at] = 0;
      job.at = end;
      if (end === bytes.length) this.touching.shift();
      this.touchLater();
    });
  }
}

/**
 * Runs `task` at background priority where the Scheduler API exists (Chromium, also in workers:
 * chained zero timeouts are clamped to 4 ms each after five), else after a zero timeout.
 */
function backgroundTask(task: () => void): void {
  const scheduler = (
    globalThis as {
      scheduler?: { postTask(task: () => void, options: { priority: string }): Promise<unknown> };
    }
  ).scheduler;
  if (scheduler) void scheduler.postTask(task, { priority: 'background' }).catch(() => {});
  else setTimeout(task, 0);
}
