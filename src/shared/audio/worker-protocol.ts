import type { SampleKind } from '../api/catalogue.types.ts';
import type { AudioErrorInfo } from './audio-errors.ts';

/** Container formats the decoders recognise from their bytes. */
const SNIFFED_FORMATS = ['wav', 'aiff', 'mp3', 'flac', 'ogg', 'other'] as const;

/** A format recognised by sniffing the first bytes (never the content-type). */
export type SniffedFormat = (typeof SNIFFED_FORMATS)[number];

/**
 * One load job for the worker pool: where to fetch, and how to unlock it. `Key` is WebCrypto's
 * CryptoKey where the DOM/WebWorker libs exist (src/shared has neither).
 */
export interface AudioJob<Key = unknown> {
  /** Unique per request: `cancel(jobId)` aborts it. */
  jobId: string;
  /** Absolute URL of the play or audition call. */
  url: string;
  /** `encrypted` for the play call (AES-GCM + RSA-OAEP), `plain` for auditions. */
  mode: 'encrypted' | 'plain';
  /** Bearer token: workers cannot read the session store. */
  accessToken?: string;
  /** Client key id registered for this device. */
  keyId?: string;
  /** The device's non-extractable private key (structured-cloneable). */
  privateKey?: Key;
  /** Extra headers (Accept-Language, client marker). */
  headers?: Record<string, string>;
  /** How many peaks to compute (0 to skip). */
  peaks?: number;
  /**
   * The fastest a first slice will be played (a synced stretch speeding the track up; absent:
   * 1): a preview is made only when it outlasts twice the rest's expected arrival at that speed.
   */
  previewRate?: number;
}

/** Decoded audio as non-interleaved Float32 planes. */
export interface DecodedPcm {
  sampleRate: number;
  /** One Float32Array per channel, all the same length. */
  channels: Float32Array[];
  /** Frames per channel. */
  frames: number;
  format: SniffedFormat;
  /** Bits per sample of the source, when the format has one. */
  bitDepth: number | null;
  /** Frame where two halves decoded on two threads were joined; absent after one decode. */
  splitAt?: number;
}

/**
 * A whole file shorter than its header declares (docs/AUDIO.md "Truncated files"): what it
 * declares and what it holds, in seconds; `declaredSeconds` is null where the format declares no
 * length (an Ogg stream without its end-of-stream page).
 */
export interface Truncation {
  /** What shows the cut, in words (e.g. "the WAV data chunk runs past the end of the file"). */
  reason: string;
  declaredSeconds: number | null;
  presentSeconds: number;
}

/** What a finished job returns: PCM plus peaks (0..1, max |amplitude| per bucket). */
export interface AudioJobResult extends DecodedPcm {
  jobId: string;
  peaks: Float32Array;
  /** Set when the whole body is shorter than its header declares: it plays what it has. */
  truncated?: Truncation;
  /** Milliseconds spent per stage, for benchmarks and logs. */
  timings: { fetch: number; decrypt: number; decode: number };
}

/** The outcome of a job as it crosses the worker boundary: never a thrown Error. */
export type AudioJobOutcome =
  { ok: true; result: AudioJobResult } | { ok: false; error: AudioErrorInfo };

/** The first decoded slice of a progressively decoded file (MP3), sent before the rest. */
export interface FirstChunk {
  /** One plane per channel of the slice. */
  planes: Float32Array[];
  sampleRate: number;
  /** Length of the whole file, extrapolated from the slice (s). */
  estimatedDuration: number;
}

/**
 * What the worker's analysis of a local file (search by sound) returns: the sound's measures and
 * its embedding, never its audio. docs/SOUNDS.md, "Search by sound".
 */
export interface FileAnalysis {
  format: SniffedFormat;
  sampleRate: number;
  /** Length of the decoded audio (s). */
  duration: number;
  kind: SampleKind;
  bpm: number | null;
  key: string | null;
  /** Integrated loudness (LUFS) and true peak (dBTP), as measured on the file. */
  lufs: number;
  truePeakDb: number;
  embedding: Float32Array;
  /** Milliseconds spent decoding and analysing, for benchmarks. */
  timings: { decode: number; analyse: number };
}

/** How a local file is analysed: whether it lasts whole bars (the default) or is a take. */
export interface AnalyseOptions {
  wholeBars?: boolean;
}

/** The outcome of an analysis as it crosses the worker boundary: never a thrown Error. */
export type FileAnalysisOutcome =
  { ok: true; result: FileAnalysis } | { ok: false; error: AudioErrorInfo };

/** The pool worker's API as the main thread sees it (Comlink wraps each call in a Promise). */
export interface AudioWorkerApi<Key = unknown> {
  /**
   * Runs a job; the outcome is a plain object (errors keep their code across the boundary).
   * `onFirstChunk` receives the first slice early when the format decodes progressively.
   */
  load(job: AudioJob<Key>, onFirstChunk?: (chunk: FirstChunk) => void): Promise<AudioJobOutcome>;
  /** Aborts the job with this id, if it is still running in this worker. */
  cancel(jobId: string): void;
  /** Jobs in flight in this worker. */
  activeJobs(): number;
  /**
   * Decodes a local file's bytes (transferred) and analyses the sound (search by sound, my beat);
   * `wholeBars: false` for a recording of any length (a microphone take).
   */
  analyse(bytes: ArrayBuffer, options?: AnalyseOptions): Promise<FileAnalysisOutcome>;
  /** Gets the decoders a first play needs ready (MP3 for auditions) before any job comes. */
  warm(): Promise<void>;
}
