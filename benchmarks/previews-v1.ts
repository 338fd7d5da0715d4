// The version-1 preview encoder (mono, 22.05 kHz, 64 kbit/s, low-passed before resampling), kept
// only as the previews bench's baseline: the encoder every preview used before format 2.
import { Biquad } from '../server/synth/dsp.ts';
import { encodeGaplessMp3 } from '../server/library/auditions/mp3-info-tag.ts';

const RATE = 22050;

/** Encodes a version-1 preview of `channels` at `sampleRate`. */
export function encodePreviewV1(channels: Float32Array[], sampleRate: number): Uint8Array {
  const frames = channels[0]!.length;
  const mono = new Float32Array(frames);
  for (const channel of channels)
    for (let i = 0; i < frames; i++) mono[i]! += channel[i]! / channels.length;
  const stage1 = new Biquad(sampleRate).set('lowpass', 9800, 0.541);
  const stage2 = new Biquad(sampleRate).set('lowpass', 9800, 1.307);
  for (let i = 0; i < frames; i++) mono[i] = stage2.process(stage1.process(mono[i]!));
  const ratio = sampleRate / RATE;
  const out = new Int16Array(Math.floor(frames / ratio));
  for (let i = 0; i < out.length; i++) {
    const pos = i * ratio;
    const k = Math.floor(pos);
    const frac = pos - k;
    const x = mono[k]! * (1 - frac) + (mono[k + 1] ?? 0) * frac;
    out[i] = Math.round(Math.max(-1, Math.min(1, x)) * 32767);
  }
  return encodeGaplessMp3([out], RATE, 64);
}
