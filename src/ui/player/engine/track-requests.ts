import type { FirstChunk } from '../../../shared/audio/worker-protocol.ts';
import type { LoadedTrack, PlayerSong } from './playback-engine.types.ts';
import type { LoadedPcm } from './track-loader.ts';
import { toBuffer } from './voice-nodes.ts';

/**
 * Loads a song's PCM (the TrackLoader in the app; a fake in render tests); a first slice goes to
 * `onFirstChunk` when it outlasts the rest's arrival played at `previewRate`.
 */
export type PcmSource = (
  song: PlayerSong,
  audition: boolean,
  signal: AbortSignal,
  onFirstChunk?: (chunk: FirstChunk) => void,
  previewRate?: number,
) => Promise<LoadedPcm>;

/** A track playing from its first decoded slice while the rest decodes. */
export interface PreviewTrack {
  buffer: AudioBuffer;
  track: LoadedTrack;
  full: Promise<LoadedTrack>;
}

/** A track on its way: its first slice (or the whole), the whole, and who waits for it. */
interface InFlight {
  first: Promise<LoadedTrack>;
  full: Promise<LoadedTrack>;
  controller: AbortController;
  /** A play waits for it; false while it is only a prefetch (which a click may cancel). */
  claimed: boolean;
  /** The speed its first slice was judged for (PcmSource's `previewRate`). */
  previewRate: number;
}

/**
 * The tracks being fetched and decoded, by key: a play's, or a prefetch no play has taken over
 * yet. A play of a track already on its way takes that request over (one fetch); a play of any
 * other track stops every prefetch first, so nothing fetched ahead holds up the row asked for
 * (the pool has one worker per core, the link is shared). Decoded wholes go to `store`.
 */
/** Caches a decoded whole; `inSlices` while its first slice plays (a copy a slice a task). */
export type StoreWhole = (
  key: string,
  pcm: LoadedPcm,
  inSlices: boolean,
) => LoadedTrack | Promise<LoadedTrack>;

export class TrackRequests {
  private readonly inflight = new Map<string, InFlight>();
  private readonly partials = new Map<string, PreviewTrack>();
  private readonly source: PcmSource;
  private readonly store: StoreWhole;
  /** The fastest a song's first slice will be played (its synced stretch; 1 without). */
  private readonly previewRate: (song: PlayerSong) => number;

  constructor(
    source: PcmSource,
    store: StoreWhole,
    previewRate: (song: PlayerSong) => number = () => 1,
  ) {
    this.source = source;
    this.store = store;
    this.previewRate = previewRate;
  }

  /**
   * The track for a play: its first slice or its whole, whichever comes first; only the whole
   * when asked (`whole`), or when the slice was judged for a slower play than this one (a
   * prefetch before Sync sped the song up), which it could run out under.
   */
  async claim(
    song: PlayerSong,
    audition: boolean,
    key: string,
    signal: AbortSignal,
    whole = false,
  ): Promise<LoadedTrack> {
    let entry = this.inflight.get(key);
    if (!entry) {
      this.cancelPrefetches();
      entry = this.fetch(song, audition, key);
    }
    entry.claimed = true;
    const claimed = entry;
    const abort = () => {
      // At once, so a play of the same row right after starts afresh rather than joining this.
      if (this.inflight.get(key) === claimed) this.inflight.delete(key);
      claimed.controller.abort();
    };
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    const sliceFits = !whole && claimed.previewRate >= this.previewRate(song);
    try {
      return await (sliceFits ? Promise.race([claimed.full, claimed.first]) : claimed.full);
    } finally {
      signal.removeEventListener('abort', abort);
    }
  }

  /** Starts a prefetch of a track not yet on its way; false when it already is. */
  prefetch(song: PlayerSong, audition: boolean, key: string): boolean {
    if (this.inflight.has(key)) return false;
    this.fetch(song, audition, key);
    return true;
  }

  /** Stops the prefetches no play has taken over, except those of `keep` (track keys). */
  cancelPrefetches(keep?: ReadonlySet<string>): void {
    for (const [key, entry] of this.inflight) {
      if (entry.claimed || keep?.has(key)) continue;
      this.inflight.delete(key);
      entry.controller.abort();
    }
  }

  /** True while a track a play waits for is still loading (prefetches then wait). */
  busy(): boolean {
    for (const entry of this.inflight.values()) if (entry.claimed) return true;
    return false;
  }

  /** The first slice of a track whose whole is still decoding. */
  partial(key: string): PreviewTrack | undefined {
    return this.partials.get(key);
  }

  /** Starts loading a track under its own controller and registers it as in flight. */
  private fetch(song: PlayerSong, audition: boolean, key: string): InFlight {
    const controller = new AbortController();
    // Progressive formats answer a first slice early: playback may start on it.
    let early: (t: LoadedTrack) => void = () => {};
    const first = new Promise<LoadedTrack>((resolve) => (early = resolve));
    let settle: { resolve(t: LoadedTrack): void; reject(e: unknown): void } | null = null;
    const full = new Promise<LoadedTrack>((resolve, reject) => (settle = { resolve, reject }));
    full.catch(() => {}); // a failure after the first slice is handled by the voice
    const previewRate = this.previewRate(song);
    const entry: InFlight = { first, full, controller, claimed: false, previewRate };
    this.inflight.set(key, entry);
    const done = () => {
      if (this.inflight.get(key) === entry) this.inflight.delete(key);
    };
    const onFirstChunk = (chunk: FirstChunk) => {
      const preview = { key, duration: chunk.estimatedDuration };
      this.partials.set(key, {
        buffer: toBuffer(chunk.planes, chunk.sampleRate),
        track: preview,
        full,
      });
      early(preview);
    };
    const fail = (error: unknown) => {
      done();
      this.partials.delete(key);
      settle!.reject(error);
    };
    this.source(song, audition, controller.signal, onFirstChunk, previewRate).then(
      // While a first slice plays, the whole is copied in slices (no long task); the request
      // stays in flight until it is cached, so a play meanwhile joins it.
      async (pcm) => {
        let loaded: LoadedTrack;
        try {
          loaded = await this.store(key, pcm, this.partials.has(key));
        } catch (error) {
          return fail(error);
        }
        done();
        const partial = this.partials.get(key);
        // The store holds the preview's track object: give it the real length.
        if (partial) partial.track.duration = loaded.duration;
        this.partials.delete(key);
        settle!.resolve(loaded);
      },
      fail,
    );
    return entry;
  }
}
