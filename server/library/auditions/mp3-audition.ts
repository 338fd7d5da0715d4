// Audition previews: what a visitor and the audition mode hear of a sample, so they keep what a
// producer judges a sound by — the top octave, the stereo image, the level (docs/LIBRARY.md
// "Auditions"). One encoder for the seed, the render worker, the importer and the re-encode pass.
import { Biquad } from '../../synth/dsp.ts';
import { encodeLameMp3 } from './mp3-lame-core.ts';

/**
 * Version of the preview format. A sample whose stored preview has an older one is encoded again
 * in the background on the next start (`encodePendingAuditions`). 1: mono 22.05 kHz 64 kbit/s;
 * 2: the source's rate and channels, 192 kbit/s joint stereo, 96 mono (lamejs, low-pass at
 * 18.6 kHz); 3: the same with LAME 3.100 (ffmpeg.wasm), low-pass off, real joint stereo.
 */
export const AUDITION_VERSION = 3;

/** Bit rate (kbit/s) of a stereo preview; a mono one gets half. */
export const AUDITION_STEREO_KBPS = 192;

/** Sample rates an MPEG-1 Layer III stream carries (the full-band ones). */
const MPEG1_RATES = [32000, 44100, 48000];

/** The rate a preview of a `sampleRate` source is encoded at: the source's own when MPEG-1 has it. */
export function auditionRate(sampleRate: number): number {
  if (MPEG1_RATES.includes(sampleRate)) return sampleRate;
  // 88.2/176.4 kHz and 11.025/22.05 kHz sources go to 44.1 kHz; 96/192/8/16/24 kHz and the rest to 48.
  return sampleRate % 11025 === 0 ? 44100 : 48000;
}

/** Channels of the preview: the source's two, or one; more than two are folded into two. */
function toPreviewChannels(channels: Float32Array[]): Float32Array[] {
  if (channels.length <= 2) return channels;
  // Front left and right as they are; every other channel half into each side.
  const [left, right] = [Float32Array.from(channels[0]!), Float32Array.from(channels[1]!)];
  for (const extra of channels.slice(2))
    for (let i = 0; i < left.length; i++) {
      left[i]! += extra[i]! * 0.5;
      right[i]! += extra[i]! * 0.5;
    }
  return [left, right];
}

/** 16-bit PCM of one channel at `rate`: resampled (low-passed first when going down) when needed. */
function toPcm16(channel: Float32Array, sampleRate: number, rate: number): Int16Array {
  let source = channel;
  if (rate < sampleRate) {
    // Fourth-order Butterworth low-pass under the new Nyquist frequency, so nothing aliases.
    source = Float32Array.from(channel);
    const stage1 = new Biquad(sampleRate).set('lowpass', rate * 0.45, 0.541);
    const stage2 = new Biquad(sampleRate).set('lowpass', rate * 0.45, 1.307);
    for (let i = 0; i < source.length; i++) source[i] = stage2.process(stage1.process(source[i]!));
  }
  const ratio = sampleRate / rate;
  const out = new Int16Array(ratio === 1 ? source.length : Math.floor(source.length / ratio));
  for (let i = 0; i < out.length; i++) {
    const pos = i * ratio;
    const k = Math.floor(pos);
    const frac = pos - k;
    const x = frac === 0 ? source[k]! : source[k]! * (1 - frac) + (source[k + 1] ?? 0) * frac;
    out[i] = Math.round(Math.max(-1, Math.min(1, x)) * 32767);
  }
  return out;
}

/** The 16-bit channels and rate a preview encodes (exported for the tests and the bench). */
export function toAuditionPcm(
  channels: Float32Array[],
  sampleRate: number,
): { channels: Int16Array[]; rate: number } {
  const rate = auditionRate(sampleRate);
  return { channels: toPreviewChannels(channels).map((c) => toPcm16(c, sampleRate, rate)), rate };
}

/**
 * Encodes an audition preview: an MP3 at the source's rate with its channels (stereo or mono),
 * 192 or 96 kbit/s, by LAME 3.100 with its low-pass off (`mp3-lame-core.ts`), with a LAME Info
 * frame so that it decodes to exactly its samples and starts without the encoder's delay.
 */
export function encodeAudition(channels: Float32Array[], sampleRate: number): Uint8Array {
  const pcm = toAuditionPcm(channels, sampleRate);
  const kbps = pcm.channels.length === 2 ? AUDITION_STEREO_KBPS : AUDITION_STEREO_KBPS / 2;
  return encodeLameMp3(pcm.channels, pcm.rate, kbps);
}
