import { AudioError } from '../shared/audio/audio-errors.ts';
import type { DecodedPcm } from '../shared/audio/worker-protocol.ts';
import type { FFmpeg } from '@ffmpeg/ffmpeg';
// Our own copies of the core, never the CDN default (CSP and offline use).
import coreURL from '@ffmpeg/core?url';
import wasmURL from '@ffmpeg/core/wasm?url';

/** Upstream crashes after tens of `exec` calls on one instance: recycle it before that. */
const RUNS_PER_INSTANCE = 20;
const OUTPUT_RATE = 48000;

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
    await f.load({ coreURL, wasmURL });
    runs = 0;
    return f;
  })();
  return instance;
}

/** Decodes any container ffmpeg knows to planar Float32 at 48 kHz (channels kept, up to 8). */
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
  let channelCount = 0;
  const onLog = ({ message }: { message: string }) => {
    // "Stream #0:0: Audio: aac, 44100 Hz, stereo" → the channel layout of the input.
    const m = /Audio:.*?Hz, (mono|stereo|(\d+) channels|[\d.]+)/.exec(message);
    if (m && channelCount === 0)
      channelCount =
        m[1] === 'mono' ? 1 : m[1] === 'stereo' ? 2 : Number(m[2] ?? parseFloat(m[1]!) + 1) || 2;
  };
  f.on('log', onLog);
  try {
    const code = await f.exec([
      '-i',
      name,
      '-vn',
      '-f',
      'f32le',
      '-ar',
      String(OUTPUT_RATE),
      'out.raw',
    ]);
    if (code !== 0) throw new AudioError('DECODE', `ffmpeg exited with ${code}`);
    const raw = (await f.readFile('out.raw')) as Uint8Array;
    const channels = Math.min(8, Math.max(1, channelCount || 2));
    const samples = new Float32Array(raw.buffer, raw.byteOffset, Math.floor(raw.byteLength / 4));
    const frames = Math.floor(samples.length / channels);
    if (frames === 0) throw new AudioError('DECODE', 'ffmpeg produced no audio');
    const planes = Array.from({ length: channels }, (_, c) => {
      const plane = new Float32Array(frames);
      for (let i = 0; i < frames; i++) plane[i] = samples[i * channels + c]!;
      return plane;
    });
    return { sampleRate: OUTPUT_RATE, channels: planes, frames, format: 'other', bitDepth: null };
  } finally {
    f.off('log', onLog);
    await f.deleteFile(name).catch(() => {});
    await f.deleteFile('out.raw').catch(() => {});
  }
}
