import { planLibrary } from '../../demo/library-plan.ts';
import { renderChannels } from '../../../synth/render-sample.ts';
import { buildWav } from '../../../../src/wasm/testing/audio-fixtures.ts';

/** The small demo library's plan, on a fixed date: the sounds the review tests build files from. */
const plan = planLibrary('small', Date.UTC(2026, 0, 1));

/** The first planned demo sample `pick` accepts, rendered: its channels and rate. */
export function renderDemo(pick: (sample: (typeof plan.samples)[number]) => boolean) {
  const sample = plan.samples.find(pick)!;
  return { channels: renderChannels(sample.job), rate: sample.job.sampleRate };
}

/** A 16-bit WAV of `channels` (its chunks in `order` when given). */
export const wav16 = (
  channels: Float32Array[],
  rate: number,
  order?: ('fmt' | 'data' | 'LIST')[],
): Uint8Array => buildWav(channels, { encoding: 'int', bits: 16, sampleRate: rate, order });
