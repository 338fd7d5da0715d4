import { Biquad } from './dsp.ts';
import { encodeGaplessMp3 } from './mp3-info-tag.ts';

/** Sample rate of audition previews: half of CD rate, plenty for a preview, fast to encode. */
export const AUDITION_RATE = 22050;

/** Bit rate (kbit/s) of audition previews. */
const AUDITION_KBPS = 64;

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

/**
 * Encodes an audition preview: mono MP3 at AUDITION_RATE and AUDITION_KBPS, with a LAME Info
 * frame so that it decodes to exactly its samples and starts without the encoder's delay.
 */
export function encodeAudition(channels: Float32Array[], sampleRate: number): Uint8Array {
  return encodeGaplessMp3([toAuditionPcm(channels, sampleRate)], AUDITION_RATE, AUDITION_KBPS);
}
