import type { SampleKind } from '../../src/shared/api/catalogue.types.ts';
import { edgeFades, normalize, removeDc } from './dsp.ts';
import { loopFrames } from './music-theory.ts';
import { Rng } from './prng.ts';
import { chineseVoices } from './voices-chinese.ts';
import { drumVoices } from './voices-drums.ts';
import { fxVoices } from './voices-fx.ts';
import { loopVoices } from './voices-loops.ts';
import { tonalVoices } from './voices-tonal.ts';
import { vocalVoices } from './voices-vocal.ts';
import type { Voice, VoiceInput } from './voice.types.ts';
import type { WavBitDepth } from './wav-writer.ts';

/** Every synth voice by name. */
export const VOICES: Record<string, Voice> = {
  ...drumVoices,
  ...tonalVoices,
  ...vocalVoices,
  ...fxVoices,
  ...chineseVoices,
  ...loopVoices,
};

/**
 * What to render for one sample (plain data: it crosses to the worker threads): the voice's
 * input but its PRNG, made from `seed` (a loop's `seconds` is ignored: bpm and bars set its length).
 */
export interface RenderJob extends Omit<VoiceInput, 'rng' | 'sampleRate'> {
  voice: string;
  seed: number;
  kind: SampleKind;
  sampleRate: 44100 | 48000;
  channels: 1 | 2;
  bitDepth: WavBitDepth;
}

/** Renders a job to final channels: exact length, channel count, no DC, normalised, de-clicked. */
export function renderChannels(job: RenderJob): Float32Array[] {
  const voice = VOICES[job.voice];
  if (!voice) throw new Error(`unknown voice ${job.voice}`);
  const raw = voice({
    rng: new Rng(job.seed),
    sampleRate: job.sampleRate,
    seconds: job.seconds,
    key: job.key,
    bpm: job.bpm,
    bars: job.bars,
    style: job.style,
    variant: job.variant,
  });
  const frames =
    job.kind === 'loop' && job.bpm && job.bars
      ? loopFrames(job.bpm, job.bars, job.sampleRate)
      : raw[0]!.length;
  const fitted = raw.map((c) => {
    const out = new Float32Array(frames);
    out.set(c.subarray(0, frames));
    for (let i = 0; i < frames; i++) if (!Number.isFinite(out[i])) out[i] = 0;
    return out;
  });
  const channels = toChannelCount(fitted, job.channels, job.sampleRate);
  for (const channel of channels) {
    removeDc(channel, job.sampleRate);
    // Loops wrap their tails around, so they must not be faded at the seam.
    if (job.kind === 'oneshot') edgeFades(channel, job.sampleRate);
  }
  normalize(channels);
  return channels;
}

function toChannelCount(
  channels: Float32Array[],
  count: 1 | 2,
  sampleRate: number,
): Float32Array[] {
  if (channels.length === count) return channels;
  if (count === 1) {
    const mono = new Float32Array(channels[0]!.length);
    for (const c of channels)
      for (let i = 0; i < mono.length; i++) mono[i]! += c[i]! / channels.length;
    return [mono];
  }
  // A mono source in a stereo file: a short Haas-delayed blend on the right gives gentle width.
  const left = channels[0]!;
  const right = new Float32Array(left.length);
  const delay = Math.round(sampleRate * 0.0004);
  for (let i = 0; i < left.length; i++) right[i] = 0.8 * left[i]! + 0.2 * (left[i - delay]! ?? 0);
  return [left, right];
}
