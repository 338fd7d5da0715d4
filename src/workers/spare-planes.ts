import { touchedPlane, touchPages } from '../wasm/pcm/pcm-samples.ts';

/** Planes larger than this are not made ahead (bytes: 95 s of 44.1 kHz). */
const KEEP_MAX_BYTES = 16 * 1024 * 1024;

/** A spare serves a plane at most this much smaller (the rest travels with it, unused). */
const SLACK = 1.25;

/**
 * Float32 plane buffers made ahead, while the worker is idle after a WAV, for the next one. A
 * fresh plane's pages are mapped on first write: 1.4–3.5 ms for the two planes of a 10 s stereo
 * file in the pool worker here, on the thread that converts the body as it arrives. The planes
 * are transferred away with each result, so they cannot be reused, only prepared: after a file,
 * as many planes of its size are made and touched, on the bet that the next is alike.
 */
export class SparePlanes {
  private spare: ArrayBuffer[] = [];
  private readonly schedule: (task: () => void) => void;

  /** `schedule` runs a task once the thread is idle (default: a zero timeout). */
  constructor(schedule: (task: () => void) => void = (task) => void setTimeout(task, 0)) {
    this.schedule = schedule;
  }

  /** A plane of `frames` samples: a view on a prepared buffer that fits, else a fresh one. */
  take(frames: number): Float32Array {
    const bytes = frames * 4;
    const index = this.spare.findIndex(
      (b) => b.byteLength >= bytes && b.byteLength <= bytes * SLACK,
    );
    if (index >= 0) return new Float32Array(this.spare.splice(index, 1)[0]!, 0, frames);
    return touchedPlane(frames);
  }

  /** After a file of `count` planes of `frames`: prepares as many for the next, when idle. */
  prepare(count: number, frames: number): void {
    const bytes = frames * 4;
    if (bytes === 0 || bytes > KEEP_MAX_BYTES) return;
    this.schedule(() => {
      // Spares of another size are dropped: the next file is most likely like the last one.
      this.spare = this.spare.filter((b) => b.byteLength === bytes);
      while (this.spare.length < count) {
        const buffer = new ArrayBuffer(bytes);
        touchPages(new Uint8Array(buffer));
        this.spare.push(buffer);
      }
    });
  }

  /** Buffers ready now. */
  get ready(): number {
    return this.spare.length;
  }
}
