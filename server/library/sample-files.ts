import { DEFAULTS } from '../../src/shared/constants.ts';
import { computePeaks } from '../../src/wasm/pcm/compute-peaks.ts';
import { renderChannels, type RenderJob } from '../synth/render-sample.ts';
import { encodeWav } from '../synth/wav-writer.ts';
import { encodeAudition } from './auditions/mp3-audition.ts';

/** The rendered files and facts of one sample. */
export interface RenderResult {
  wav: Uint8Array;
  /** The MP3 audition; null when it is encoded later from the stored WAV. */
  mp3: Uint8Array | null;
  peaks: Float32Array;
  frames: number;
  duration: number;
}

/** Renders a job (server/synth) into its WAV file, peaks and (unless `audition` is false) MP3 audition. */
export function renderSample(job: RenderJob, options: { audition?: boolean } = {}): RenderResult {
  const channels = renderChannels(job);
  const frames = channels[0]!.length;
  return {
    wav: encodeWav(channels, job.sampleRate, job.bitDepth),
    mp3: options.audition === false ? null : encodeAudition(channels, job.sampleRate),
    peaks: computePeaks(channels, DEFAULTS.spectrumPeaks),
    frames,
    duration: frames / job.sampleRate,
  };
}
