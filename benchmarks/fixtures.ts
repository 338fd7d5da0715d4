import type * as FlacApi from 'libflacjs/dist/libflac.js';
import { buildWav } from '../src/wasm/testing/audio-fixtures.ts';
import { encodeGaplessMp3 } from '../server/library/auditions/mp3-info-tag.ts';

/** A musical-ish test signal: two detuned partials with a slow tremolo, stereo. */
function music(seconds: number, rate: number): Float32Array[] {
  const frames = Math.round(seconds * rate);
  return [0, 1].map((c) =>
    Float32Array.from({ length: frames }, (_, i) => {
      const t = i / rate;
      const trem = 0.75 + 0.25 * Math.sin(2 * Math.PI * 0.5 * t);
      return (
        0.4 * trem * (Math.sin(2 * Math.PI * (220 + c) * t) + 0.5 * Math.sin(2 * Math.PI * 331 * t))
      );
    }),
  );
}

/** 10 s stereo 44.1 kHz 16-bit WAV (1.7 MB), as docs/STACK-NOTES.md#measured-in-headless-chromium measured. */
export function wavFixture(seconds = 10): Uint8Array {
  return buildWav(music(seconds, 44100), { encoding: 'int', bits: 16 });
}

/**
 * 10 s stereo 44.1 kHz MP3 at 192 kbit/s, encoded by LAME (lamejs) with the gateway's own
 * gapless encoder (a LAME Info frame: every decoder trims the encoder delay and padding).
 */
export function mp3Fixture(seconds = 10): Uint8Array {
  const toInt = (p: Float32Array) => Int16Array.from(p, (v) => Math.round(v * 32767));
  return encodeGaplessMp3(music(seconds, 44100).map(toInt), 44100, 192);
}

/** The same 10 s stereo 44.1 kHz signal as 16-bit FLAC, encoded by libFLAC (level 5, LPC). */
export async function flacFixture(seconds = 10): Promise<Uint8Array> {
  // A CommonJS module: its exports object is the library.
  const mod = (await import('libflacjs/dist/libflac.js')) as { default?: unknown };
  const Flac = (mod.default ?? mod) as typeof FlacApi;
  if (!Flac.isReady()) await new Promise((r) => Flac.on('ready', r));
  const [l, r] = music(seconds, 44100) as [Float32Array, Float32Array];
  const interleaved = new Int32Array(l.length * 2);
  for (let i = 0; i < l.length; i++) {
    interleaved[2 * i] = Math.round(l[i]! * 32767);
    interleaved[2 * i + 1] = Math.round(r[i]! * 32767);
  }
  const encoder = Flac.create_libflac_encoder(44100, 2, 16, 5, l.length);
  const parts: Uint8Array[] = [];
  if (Flac.init_encoder_stream(encoder, (data) => void parts.push(data.slice())) !== 0)
    throw new Error('libFLAC encoder init failed');
  if (!Flac.FLAC__stream_encoder_process_interleaved(encoder, interleaved, l.length))
    throw new Error('libFLAC could not encode the fixture');
  Flac.FLAC__stream_encoder_finish(encoder);
  Flac.FLAC__stream_encoder_delete(encoder);
  return Buffer.concat(parts);
}
