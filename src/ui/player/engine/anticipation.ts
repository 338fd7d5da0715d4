import type { PlayerSong } from './playback-engine.types.ts';
import { trackKey } from './track-loader.ts';

/** A row worth having decoded before it is clicked, most likely first. */
export interface Candidate {
  song: PlayerSong;
  /** Whether a click would play its preview (the store's audition choice). */
  audition: boolean;
  /** What fetching it costs, estimated (bytes). */
  bytes: number;
}

/** What anticipation needs from the engine (AudioEngine; a fake in unit tests). */
export interface PrefetchingEngine {
  prefetch(song: PlayerSong, audition: boolean): boolean;
  cancelPrefetches(keep?: ReadonlySet<string>): void;
  busy(): boolean;
}

/** Options of Anticipation. */
interface AnticipationOptions {
  /** Bytes a set of candidates may cost at most (the likeliest first). */
  maxBytes?: number;
  /** Wait before acting on a wish, so a sweep of the pointer fetches nothing (ms). */
  settleMs?: number;
  /** How long to wait while a play's own track still loads before trying again (ms). */
  retryMs?: number;
  /** The page's visibility (a fake in tests). */
  document?: Pick<Document, 'hidden' | 'addEventListener'>;
}

/** 8 MiB: a few full 24-bit stereo loops, or dozens of one-shots and auditions. */
const MAX_BYTES = 8 * 2 ** 20;

/**
 * Fetches and decodes the rows a user is about to play (the row the pointer rests on, the next
 * rows after a ↓), within a byte budget, so their click starts from the buffer cache. A new
 * wish replaces the last: prefetches no longer wanted stop. It never competes with a play: it
 * waits while a played track loads, and a play of another track stops it (AudioEngine.load).
 * Nothing is fetched while the page is hidden, and what was under way then stops.
 */
export class Anticipation {
  private wanted: Candidate[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly engine: PrefetchingEngine;
  private readonly maxBytes: number;
  private readonly settleMs: number;
  private readonly retryMs: number;
  private readonly doc: Pick<Document, 'hidden' | 'addEventListener'> | undefined;

  constructor(engine: PrefetchingEngine, options: AnticipationOptions = {}) {
    this.engine = engine;
    this.maxBytes = options.maxBytes ?? MAX_BYTES;
    this.settleMs = options.settleMs ?? 40;
    this.retryMs = options.retryMs ?? 30;
    this.doc = options.document ?? globalThis.document;
    this.doc?.addEventListener('visibilitychange', () => {
      if (this.doc!.hidden) this.engine.cancelPrefetches();
      else this.schedule(0);
    });
  }

  /** The rows likely next, likeliest first; replaces the previous wish. */
  want(candidates: Candidate[]): void {
    this.wanted = candidates;
    this.schedule(this.settleMs);
  }

  /** Forgets every wish and stops what was fetched for them. */
  clear(): void {
    this.wanted = [];
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.engine.cancelPrefetches();
  }

  private schedule(ms: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), ms);
  }

  private run(): void {
    this.timer = null;
    if (this.doc?.hidden || this.wanted.length === 0) return;
    // A played track still loading has the workers and the link to itself.
    if (this.engine.busy()) return this.schedule(this.retryMs);
    let budget = this.maxBytes;
    const chosen: Candidate[] = [];
    for (const c of this.wanted) {
      if (c.bytes > budget) break;
      budget -= c.bytes;
      chosen.push(c);
    }
    this.engine.cancelPrefetches(new Set(chosen.map((c) => trackKey(c.song, c.audition))));
    for (const c of chosen) this.engine.prefetch(c.song, c.audition);
  }
}
