import { touchPages } from '../wasm/pcm/pcm-samples.ts';

/** Largest buffer kept for a later body (bytes): a bigger one is left to the garbage collector. */
const KEEP_MAX_BYTES = 16 * 1024 * 1024;

/** Buffers kept at most (two jobs may run at once in one worker). */
const KEEP_COUNT = 2;

/**
 * Body buffers reused from job to job in one worker. The first write to each page of a fresh
 * buffer costs a page fault (1.7 MB: 0.6–1.6 ms in the pool worker here), on the thread that also
 * converts the audio as it arrives; a reused buffer costs nothing. A buffer must be given back
 * only once nothing reads it any more.
 */
export class BodyBuffers {
  private readonly spare: ArrayBuffer[] = [];

  /** A buffer of `size` bytes: a view on a kept one, or a fresh one (pages touched up to 16 MB). */
  take(size: number): Uint8Array {
    const index = this.spare.findIndex((b) => b.byteLength >= size);
    if (index >= 0) return new Uint8Array(this.spare.splice(index, 1)[0]!, 0, size);
    const fresh = new Uint8Array(size);
    // Only what may be kept: a huge (or false) Content-Length commits no memory before its bytes.
    if (size <= KEEP_MAX_BYTES) touchPages(fresh);
    return fresh;
  }

  /** Gives a buffer from `take` back; the largest few (up to 16 MB each) are kept. */
  give(bytes: Uint8Array): void {
    const buffer = bytes.buffer;
    // A detached buffer (ffmpeg's writeFile transfers what it is given) has no bytes left.
    if (!(buffer instanceof ArrayBuffer) || buffer.byteLength === 0) return;
    if (buffer.byteLength > KEEP_MAX_BYTES) return;
    if (this.spare.includes(buffer)) return;
    this.spare.push(buffer);
    this.spare.sort((a, b) => b.byteLength - a.byteLength);
    this.spare.length = Math.min(this.spare.length, KEEP_COUNT);
  }

  /** Buffers kept now. */
  get kept(): number {
    return this.spare.length;
  }
}
