import { API } from '../../../shared/api/paths.ts';
import { AudioError } from '../../../shared/audio/audio-errors.ts';
import type {
  AudioJob,
  AudioJobResult,
  FirstChunk,
  Truncation,
} from '../../../shared/audio/worker-protocol.ts';
import { DEFAULTS } from '../../../shared/constants.ts';
import { ensureClientKey, loadPrivateKey, readyClientKeyId, readyDeviceKey } from './device-key.ts';
import { LruCache } from '../../lib/lru-cache.ts';
import type { PlayerSong } from './playback-engine.types.ts';
import type { AudioWorkerPool } from './worker-pool.ts';

/** Where the gateway is and who is signed in; the shell provides it (workers can't read stores). */
export interface AudioSession {
  /** Origin of the gateway, e.g. `location.origin`. */
  baseUrl: string;
  /** The current access token, or null when signed out. */
  getAccessToken: () => string | null;
  /** Extra request headers (Accept-Language, client marker). */
  headers?: () => Record<string, string>;
  /**
   * A fresh access token after `sent` was refused (401) or is stale; shared with every other
   * request's refresh (the HTTP client's single flight). Null when the session is over.
   */
  refresh?: (sent: string) => Promise<string | null>;
  /** The token must be refreshed before it is sent (past its lifetime, or a refresh under way). */
  tokenStale?: () => boolean;
}

const unauthorized = (error: unknown) => error instanceof AudioError && error.status === 401;

/** Decoded planes the loader returns. */
export type LoadedPcm = Pick<AudioJobResult, 'channels' | 'sampleRate' | 'frames' | 'peaks'>;

let jobSeq = 0;

/** The cache key of a song: its preview when auditioning and it has one, else its full file. */
export function trackKey(song: PlayerSong, audition: boolean): string {
  return audition && song.auditionCode ? `audition:${song.auditionCode}` : `play:${song.id}`;
}

/**
 * Turns a song into PCM through the worker pool: a plain preview by auditionCode, else the
 * encrypted file by id with this device's key (registered after login, re-registered once when
 * the gateway answers UNKNOWN_CLIENT_KEY). Peaks land in the 500-entry spectrum cache.
 */
export class TrackLoader {
  /** Peaks by audio id (docs/PRODUCT.md §9: 500 entries, oldest dropped). */
  readonly spectra = new LruCache<number, Float32Array>(DEFAULTS.spectrumCacheLimit);
  /** Files found shorter than their header declares, by track key, until the player says so. */
  readonly truncations = new LruCache<string, Truncation>(DEFAULTS.spectrumCacheLimit);
  /** Called after a load whose file turned out truncated (it still plays what it has). */
  onTruncated: (() => void) | null = null;
  /** The gateway and token source (null until set). */
  session: AudioSession | null = null;
  private readonly pool: AudioWorkerPool;

  constructor(pool: AudioWorkerPool) {
    this.pool = pool;
  }

  /** Sets the gateway and token source. */
  setSession(session: AudioSession | null): void {
    this.session = session;
  }

  /** Loads a song's audio; rejects with AudioError (ABORTED when `signal` aborts). */
  async load(
    song: PlayerSong,
    audition: boolean,
    signal: AbortSignal,
    onFirstChunk?: (chunk: FirstChunk) => void,
    previewRate = 1,
  ): Promise<LoadedPcm> {
    const session = this.session;
    if (!session) throw new AudioError('NETWORK', 'the audio engine has no gateway session');
    const preview = audition && song.auditionCode;
    const url = new URL(
      preview ? API.audition(song.auditionCode!) : API.play(song.id),
      session.baseUrl,
    ).href;
    const base = { url, headers: session.headers?.() ?? {}, previewRate };
    let result: AudioJobResult;
    if (preview) {
      result = await this.run({ ...base, mode: 'plain' }, signal, onFirstChunk);
    } else {
      let token = session.getAccessToken();
      // A token past its lifetime (2 h idle) is refreshed first, as every API call does.
      if (token && session.refresh && session.tokenStale?.()) token = await session.refresh(token);
      if (!token) throw new AudioError('HTTP', 'sign in to play full samples', 401);
      // Known key and keyId are used without an await, so the job is posted within the click's
      // task rather than after the re-render it triggers (see readyDeviceKey).
      const privateKey = readyDeviceKey()?.privateKey ?? (await loadPrivateKey()).privateKey;
      const job = async (bearer: string, force: boolean) => {
        const keyId =
          (!force && readyClientKeyId(bearer)) ||
          (await ensureClientKey(session.baseUrl, bearer, force));
        return this.run(
          { ...base, mode: 'encrypted', accessToken: bearer, keyId, privateKey },
          signal,
          onFirstChunk,
        );
      };
      const sent = token;
      result = await job(sent, false).catch(async (error: unknown) => {
        // The gateway may have forgotten this device (new database, key rotation): register once more.
        if (error instanceof AudioError && error.code === 'UNKNOWN_CLIENT_KEY')
          return job(sent, true);
        // Refused (expired): one refresh, shared with the HTTP client's, then once more.
        if (unauthorized(error) && session.refresh && !signal.aborted) {
          const fresh = await session.refresh(sent);
          if (fresh && fresh !== sent) return job(fresh, false);
        }
        throw error;
      });
    }
    this.spectra.set(song.id, result.peaks);
    if (result.truncated) {
      this.truncations.set(trackKey(song, audition), result.truncated);
      this.onTruncated?.();
    }
    return result;
  }

  private run(
    job: Omit<AudioJob<CryptoKey>, 'jobId'>,
    signal: AbortSignal,
    onFirstChunk?: (chunk: FirstChunk) => void,
  ): Promise<AudioJobResult> {
    if (signal.aborted)
      return Promise.reject(new AudioError('ABORTED', 'the request was cancelled'));
    const jobId = `job-${++jobSeq}`;
    const cancel = () => this.pool.cancel(jobId);
    signal.addEventListener('abort', cancel, { once: true });
    return this.pool
      .load({ ...job, jobId }, onFirstChunk)
      .finally(() => signal.removeEventListener('abort', cancel));
  }
}
