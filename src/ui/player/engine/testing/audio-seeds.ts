import { Mp3Encoder } from '@breezystack/lamejs';
import { FFmpeg } from '@ffmpeg/ffmpeg';
import coreURL from '@ffmpeg/core?url';
import wasmURL from '@ffmpeg/core/wasm?url';
import type { AudioSeed } from './audio-fuzz.ts';

/** A short two-tone stereo signal (0.2 s) as interleaved float32 bytes. */
function signal(rate: number, frames: number): Uint8Array {
  const out = new Float32Array(frames * 2);
  for (let i = 0; i < frames; i++) {
    out[2 * i] = 0.5 * Math.sin((2 * Math.PI * 220 * i) / rate);
    out[2 * i + 1] = 0.5 * Math.sin((2 * Math.PI * 330 * i) / rate);
  }
  return new Uint8Array(out.buffer);
}

/** ffmpeg outputs per seed: WAV 8/16/24/32f, AIFF, FLAC, Ogg Vorbis. */
const FFMPEG_SEEDS: [string, string[]][] = [
  ['w8.wav', ['-c:a', 'pcm_u8']],
  ['w16.wav', ['-c:a', 'pcm_s16le']],
  ['w24.wav', ['-c:a', 'pcm_s24le']],
  ['w32f.wav', ['-c:a', 'pcm_f32le']],
  ['a16.aiff', ['-c:a', 'pcm_s16be']],
  ['f.flac', ['-c:a', 'flac']],
  ['v.ogg', ['-c:a', 'libvorbis', '-q:a', '2']],
];

/** Valid seed files of every format the decoders take, made on this page by real encoders. */
export async function makeAudioSeeds(): Promise<AudioSeed[]> {
  const rate = 22050;
  const frames = rate / 5;
  const ffmpeg = new FFmpeg();
  await ffmpeg.load({ coreURL, wasmURL });
  await ffmpeg.writeFile('in.raw', signal(rate, frames));
  const seeds: AudioSeed[] = [];
  for (const [name, args] of FFMPEG_SEEDS) {
    const code = await ffmpeg.exec([
      '-f',
      'f32le',
      '-ar',
      String(rate),
      '-ac',
      '2',
      '-i',
      'in.raw',
      ...args,
      name,
    ]);
    if (code !== 0) throw new Error(`ffmpeg could not write ${name}`);
    seeds.push({ name, bytes: (await ffmpeg.readFile(name)) as Uint8Array });
  }
  ffmpeg.terminate();
  const pcm = Int16Array.from({ length: frames }, (_, i) =>
    Math.round(12000 * Math.sin((2 * Math.PI * 440 * i) / rate)),
  );
  const encoder = new Mp3Encoder(1, rate, 64);
  const mp3 = [encoder.encodeBuffer(pcm), encoder.flush()].map(
    (part) => new Uint8Array(part.buffer, part.byteOffset, part.byteLength),
  );
  const bytes = new Uint8Array(mp3[0]!.length + mp3[1]!.length);
  bytes.set(mp3[0]!);
  bytes.set(mp3[1]!, mp3[0]!.length);
  seeds.push({ name: 'm.mp3', bytes });
  return seeds;
}
