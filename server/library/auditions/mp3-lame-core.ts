// LAME 3.100 as built into ffmpeg.wasm (`@ffmpeg/core`, the package the client already decodes
// with), driven synchronously on the gateway's worker threads for the audition previews. Unlike
// lamejs it lets us switch the low-pass off (`-cutoff -1` → lame_set_lowpassfreq(-1)), codes real
// joint stereo with its bit reservoir. The LAME Info frame (delay and padding, so previews stay
// gapless) is our own `withInfoTag`: FFmpeg's mp3 muxer caps the padding it writes at 1681
// samples, so a stream that needs more decoded up to 46 samples long (docs/LIBRARY.md
// "Auditions (previews)").
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LAME_ENCODER_DELAY, withInfoTag } from './mp3-info-tag.ts';

/** The parts of the Emscripten module driven here. */
interface FfmpegCore {
  FS: {
    writeFile(path: string, data: Uint8Array): void;
    readFile(path: string): Uint8Array;
    unlink(path: string): void;
  };
  setLogger(logger: (entry: { message: string }) => void): void;
  exec(...args: string[]): number;
  reset(): void;
}

/** The synchronous WebAssembly calls used here, typed locally (Node's typings omit them). */
interface WasmSync {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => object;
}
interface WasmScope {
  WebAssembly: WasmSync;
}
const wasm = (globalThis as unknown as WasmScope).WebAssembly;

// The emscripten worker build looks for `self`; a Node thread has none until it is lent one.
interface WorkerLikeScope {
  self?: unknown;
}

type CoreFactory = (options: {
  instantiateWasm(imports: object, receive: (instance: object) => void): object;
}) => Promise<unknown>;

const require = createRequire(import.meta.url);

/** An instance traps (out of bounds) after ~65 encodes: a fresh one is made well before that. */
const RUNS_PER_INSTANCE = 20;

let compiled: object | null = null;
let core: FfmpegCore | null = null;
let runs = 0;

/**
 * The thread's core, made on first use and again every RUNS_PER_INSTANCE encodes: the 32 MB
 * module compiles once per thread (~2 s), and instances of it are made synchronously so
 * `encodeAudition` stays a plain call on its worker thread.
 */
function lameCore(): FfmpegCore {
  if (core && runs < RUNS_PER_INSTANCE) return core;
  compiled ??= new wasm.Module(readFileSync(require.resolve('@ffmpeg/core/wasm')));
  const module = compiled;
  // The UMD build (the package's `require` entry) is the worker build: it reads
  // `self.location` once while the factory starts, and nothing else of the browser here.
  const factory = require('@ffmpeg/core') as CoreFactory;
  const scope = globalThis as WorkerLikeScope;
  const hadSelf = 'self' in scope;
  if (!hadSelf) scope.self = { location: { href: import.meta.url } };
  const made = {} as FfmpegCore;
  try {
    // With a synchronous `instantiateWasm` the runtime is ready when the factory returns, and
    // the factory fills in the object it is given.
    const ready = factory(
      Object.assign(made, {
        instantiateWasm(imports: object, receive: (instance: object) => void) {
          receive(new wasm.Instance(module, imports));
          return {};
        },
      }),
    );
    void ready.catch(() => {}); // a failure shows below as a missing `exec`
  } finally {
    if (!hadSelf) delete scope.self;
  }
  if (typeof made.exec !== 'function') throw new Error('ffmpeg core did not start');
  core = made;
  runs = 0;
  return core;
}

/** Interleaved little-endian 16-bit bytes of 1 or 2 channels. */
function interleave(channels: Int16Array[]): Uint8Array {
  const frames = channels[0]!.length;
  const out = new Int16Array(frames * channels.length);
  for (let c = 0; c < channels.length; c++) {
    const plane = channels[c]!;
    for (let i = 0; i < frames; i++) out[i * channels.length + c] = plane[i]!;
  }
  return new Uint8Array(out.buffer);
}

/**
 * Encodes 16-bit PCM (1 or 2 channels) to a CBR MP3 with LAME 3.100: `kbps`, no low-pass, joint
 * stereo, bit reservoir, and a LAME Info frame first, so decoders give back exactly the samples
 * given. No ID3 tags: the first bytes are the Info frame.
 */
export function encodeLameMp3(
  channels: Int16Array[],
  sampleRate: number,
  kbps: number,
): Uint8Array {
  if (channels.length < 1 || channels.length > 2)
    throw new RangeError('encodeLameMp3 takes 1 or 2 channels');
  if (channels[0]!.length === 0) throw new RangeError('encodeLameMp3 needs at least one sample');
  const ffmpeg = lameCore();
  runs++;
  const log: string[] = [];
  ffmpeg.setLogger(({ message }) => log.push(message));
  ffmpeg.FS.writeFile('in.pcm', interleave(channels));
  const input = ['-f', 's16le', '-ar', String(sampleRate), '-ac', String(channels.length)];
  const stereo = channels.length === 2 ? ['-joint_stereo', '1'] : [];
  const codec = ['-c:a', 'libmp3lame', '-b:a', `${kbps}k`, '-cutoff', '-1', '-reservoir', '1'];
  const muxer = ['-write_xing', '0', '-id3v2_version', '0', '-write_id3v1', '0', '-f', 'mp3'];
  const args = ['-hide_banner', '-loglevel', 'error', ...input, '-i', 'in.pcm', ...codec];
  args.push(...stereo, '-map_metadata', '-1', ...muxer, 'out.mp3');
  try {
    const code = ffmpeg.exec(...args);
    if (code !== 0) throw new Error(`LAME (ffmpeg) exited ${code}: ${log.slice(-4).join(' ')}`);
    const audio = ffmpeg.FS.readFile('out.mp3').slice();
    // LAME 3.100 delays its output by the same 576 samples as lamejs (its own tag says so).
    return withInfoTag(audio, {
      encoderDelay: LAME_ENCODER_DELAY,
      originalSamples: channels[0]!.length,
    });
  } catch (error) {
    core = null; // a trap can leave the instance unusable: the next call makes a fresh one
    throw error;
  } finally {
    ffmpeg.reset();
    for (const path of ['in.pcm', 'out.mp3'])
      try {
        ffmpeg.FS.unlink(path);
      } catch {
        // not written
      }
  }
}
