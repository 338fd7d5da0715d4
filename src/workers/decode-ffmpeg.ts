import { AudioError } from '../shared/audio/audio-errors.ts';
import type { DecodedPcm } from '../shared/audio/worker-protocol.ts';
import type { FFmpeg } from '@ffmpeg/ffmpeg';
import { decodeWav } from '../wasm/pcm/decode-wav.ts';
// Our own copies of the core, never the CDN default (CSP and offline use).
import coreURL from '@ffmpeg/core?url';
import wasmURL from '@ffmpeg/core/wasm?url';

/** Upstream crashes after tens of `exec` calls on one instance: recycle it before that. */
const RUNS_PER_INSTANCE = 20;
const OUTPUT = 'out.wav';
/** A core that cannot load (its worker script refused, say) never settles on its own. */
const LOAD_TIMEOUT_MS = 30_000;

let instance: Promise<FFmpeg> | null = null;
let runs = 0;

/** Loads ffmpeg.wasm on first use only (32 MB core): the decoder of last resort. */
async function ffmpeg(): Promise<FFmpeg> {
  if (instance && runs >= RUNS_PER_INSTANCE) {
    const old = await instance;
    old.terminate();
    instance = null;
  }
  instance ??= (async () => {
    const { FFmpeg } = await import('@ffmpeg/ffmpeg');
    const f = new FFmpeg();
    try {
      await f.load({ coreURL, wasmURL }, { signal: AbortSignal.timeout(LOAD_TIMEOUT_MS) });
    } catch (error) {
      f.terminate();
      throw error;
    }
    runs = 0;
    return f;
  })();
  return instance;
}

/**
 * Decodes any container ffmpeg knows to planar Float32 at the stream's own rate (as the other
 * decoders do; Opus decodes at 48 kHz), channels in WAV order. ffmpeg writes a float WAV and
 * its header gives the channel count and rate: guessing them from ffmpeg's log misread
 * "5.1" as 6.1 channels and returned NaN planes.
 */
export async function decodeWithFfmpeg(bytes: Uint8Array): Promise<DecodedPcm> {
  let f: FFmpeg;
  try {
    f = await ffmpeg();
  } catch (error) {
    instance = null;
    throw new AudioError(
      'UNSUPPORTED_FORMAT',
      `ffmpeg could not load: ${(error as Error)?.message ?? error}`,
    );
  }
  runs++;
  const name = `in-${runs}`;
  await f.writeFile(name, bytes);
  try {
    const code = await f.exec(['-i', name, '-vn', '-c:a', 'pcm_f32le', '-f', 'wav', OUTPUT]);
    if (code !== 0) throw new AudioError('DECODE', `ffmpeg exited with ${code}`);
    const wav = (await f.readFile(OUTPUT)) as Uint8Array;
    const pcm = decodeWav(wav);
    if (pcm.frames === 0) throw new AudioError('DECODE', 'ffmpeg produced no audio');
    return { ...pcm, format: 'other', bitDepth: null };
  } catch (error) {
    if (error instanceof AudioError && error.code === 'DECODE') throw error;
    throw new AudioError('DECODE', `ffmpeg output: ${(error as Error)?.message ?? error}`);
  } finally {
    await f.deleteFile(name).catch(() => {});
    await f.deleteFile(OUTPUT).catch(() => {});
  }
}
