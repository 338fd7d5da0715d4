import type { DecodedPcm } from '../shared/audio/worker-protocol.ts';

/** Formats that can be cut in two and decoded on two threads. */
export type SplitFormat = 'mp3' | 'flac';

/**
 * Where a decoder gets an output plane of `frames` zeroed samples (the pool worker hands out
 * planes whose pages are already mapped); absent → `new Float32Array(frames)`.
 */
export type PlaneSource = (frames: number) => Float32Array<ArrayBuffer>;

/** Decodes one segment of a split file (on another thread in the worker). */
export type SegmentDecoder = (bytes: Uint8Array, format: SplitFormat) => Promise<DecodedPcm>;

/** A file cut in two: the head is decoded here, the tail elsewhere, then joined. */
export interface SplitPlan {
  /** Decodes to exactly `headFrames`. */
  head: Uint8Array;
  /**
   * Decodes to up to `tailLead` warm-up frames (dropped), then `tailFrames`, then `tailEndCut`
   * frames the whole-file decoder would not output (dropped).
   */
  tail: Uint8Array;
  headFrames: number;
  tailFrames: number;
  tailLead: number;
  tailEndCut: number;
}

/**
 * The share of a split file's audio decoded here. The other thread's part arrives later than its
 * decode alone takes (the message, the transfer back, a helper slower to warm up): measured in the
 * pool worker, with halves its FLAC tail landed ~2.5 ms and its MP3 tail ~3.8 ms after the head.
 */
export const HEAD_SHARE = 0.55;

/**
 * Smallest file worth splitting, per format: two halves pay from about 6–7 ms of decoding
 * (measured in Chromium here: LAME 192 kbit/s 71 KB 1.34× → 95 KB 0.72× of one decode;
 * libFLAC level 5 135 KB 1.35× → 187 KB 0.79×). Below that the copy, the messages and the join
 * cost more than the halved decode saves.
 */
export const SPLIT_MIN_BYTES: Record<SplitFormat, number> = { mp3: 96 * 1024, flac: 160 * 1024 };

/**
 * Decodes `plan.head` with `local` while `remote` decodes `plan.tail`, and joins the planes (one
 * copy of each part, or of the tail alone when the head's planes already have the room). A
 * failing `remote` (helper crash, error) is retried with `local`. Null when either half fails or
 * the frame counts do not add up: the caller then decodes the whole file, so a bad cut can cost
 * time but never change the audio.
 */
export async function decodeSplit(
  plan: SplitPlan,
  format: SplitFormat,
  local: (bytes: Uint8Array, frames?: number) => Promise<DecodedPcm>,
  remote: SegmentDecoder,
): Promise<DecodedPcm | null> {
  const remoteTail = remote(plan.tail, format).catch(() => null);
  const t0 = performance.now();
  // The head's decoder may size its planes for the whole file, so the join needs no copy of it.
  const head = await local(plan.head, plan.headFrames + plan.tailFrames).catch(() => null);
  if (head?.frames !== plan.headFrames) return null;
  // The tail is about as long as the head: a helper far slower than that is hung, not busy.
  const patience = REMOTE_GRACE_MS + REMOTE_SLOWDOWN * (performance.now() - t0);
  // The joined planes are made while the tail is still on its way (it answers a few ms later).
  const frames = plan.headFrames + plan.tailFrames;
  const channels = head.channels.map((h) => {
    // A decoder that sized its planes for the whole file (our FLAC reader from STREAMINFO, the
    // MP3 decoder from the hint) has put the head in place already.
    if (h.byteOffset === 0 && h.buffer.byteLength >= frames * 4)
      return new Float32Array(h.buffer as ArrayBuffer, 0, frames);
    const plane = new Float32Array(frames);
    plane.set(h);
    return plane;
  });
  const tail =
    (await withTimeout(remoteTail, patience)) ?? (await local(plan.tail).catch(() => null));
  if (!tail) return null;
  const lead = tail.frames - plan.tailEndCut - plan.tailFrames;
  if (
    lead < 0 ||
    lead > plan.tailLead ||
    head.sampleRate !== tail.sampleRate ||
    head.channels.length !== tail.channels.length
  )
    return null;
  channels.forEach((plane, c) =>
    plane.set(tail.channels[c]!.subarray(lead, lead + plan.tailFrames), plan.headFrames),
  );
  return { ...head, channels, frames, splitAt: plan.headFrames };
}

/** How long past the head's own decode time the tail may take before it is decoded here. */
const REMOTE_GRACE_MS = 1000;
const REMOTE_SLOWDOWN = 4;

/** `promise`'s value, or null once `ms` have passed. */
function withTimeout<T>(promise: Promise<T | null>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Runs calls of `fn` one after another: each thread has one instance of each WASM decoder, and a
 * second file (a preview, or both halves of a split file decoded in one thread) must not reset it
 * between the other file's calls.
 */
export function oneAtATime<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  let queue: Promise<unknown> = Promise.resolve();
  return (...args) => {
    const run = queue.then(() => fn(...args));
    queue = run.catch(() => {});
    return run;
  };
}
