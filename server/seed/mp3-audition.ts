import { Mp3Encoder } from '@breezystack/lamejs';
import { Biquad } from './dsp.ts';

/** Sample rate of audition previews: half of CD rate, plenty for a preview, fast to encode. */
export const AUDITION_RATE = 22050;

/** Bit rate (kbit/s) of audition previews. */
export const AUDITION_KBPS = 64;

/** Mixes to mono and resamples to AUDITION_RATE (low-passed first so nothing aliases). */
export function toAuditionPcm(channels: Float32Array[], sampleRate: number): Int16Array {
  const frames = channels[0]!.length;
  const mono = new Float32Array(frames);
  for (const channel of channels)
    for (let i = 0; i < frames; i++) mono[i]! += channel[i]! / channels.length;
  // Fourth-order Butterworth low-pass just under the new Nyquist frequency.
  const stage1 = new Biquad(sampleRate).set('lowpass', 9800, 0.541);
  const stage2 = new Biquad(sampleRate).set('lowpass', 9800, 1.307);
  for (let i = 0; i < frames; i++) mono[i] = stage2.process(stage1.process(mono[i]!));
  const ratio = sampleRate / AUDITION_RATE;
  const out = new Int16Array(Math.floor(frames / ratio));
  for (let i = 0; i < out.length; i++) {
    const pos = i * ratio;
    const k = Math.floor(pos);
    const frac = pos - k;
    const x = mono[k]! * (1 - frac) + (mono[k + 1] ?? 0) * frac;
    out[i] = Math.round(Math.max(-1, Math.min(1, x)) * 32767);
  }
  return out;
}

/** Encodes an audition preview: mono MP3 at AUDITION_RATE and AUDITION_KBPS. */
export function encodeAudition(channels: Float32Array[], sampleRate: number): Uint8Array {
  const pcm = toAuditionPcm(channels, sampleRate);
  const encoder = new Mp3Encoder(1, AUDITION_RATE, AUDITION_KBPS);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += 1152)
    parts.push(encoder.encodeBuffer(pcm.subarray(i, i + 1152)));
  parts.push(encoder.flush());
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
