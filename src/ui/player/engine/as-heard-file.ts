import type { Sample } from '../../../shared/api/catalogue.types.ts';
import { asHeardFileName, type HeardAs } from '../../../shared/audio/sync-params.ts';
import { safeFileName } from '../../../shared/safe-name.ts';
import { getAudioEngine } from './audio-runtime.ts';
import { renderAsHeard } from './render-as-heard.ts';
import { trackKey } from './track-loader.ts';

/** The sample fields an as-heard file needs. */
type AsHeardSample = Pick<Sample, 'id' | 'audioName' | 'audioData'>;

/**
 * The sample's decoded audio: the player's own buffer when it holds the full file, else the
 * original's bytes decoded at their own rate (an OfflineAudioContext at that rate keeps it).
 */
async function decoded(sample: AsHeardSample, original: Blob): Promise<AudioBuffer> {
  const cached = getAudioEngine().buffers.get(trackKey(sample, false));
  if (cached && cached.sampleRate === sample.audioData.sampleRate) return cached;
  const context = new OfflineAudioContext(1, 1, sample.audioData.sampleRate);
  return context.decodeAudioData(await original.arrayBuffer());
}

/**
 * The file "download as heard" saves: the sample rendered offline through the synced voice at
 * `heard`'s stretch and shift (one pass of a loop, which tiles seamlessly), as a WAV at the
 * source's rate and bit depth, named `<name> (120 BPM, Cm).wav`.
 */
export async function asHeardFile(
  sample: AsHeardSample,
  heard: HeardAs,
  original: Blob,
): Promise<{ data: Blob; fileName: string }> {
  const buffer = await decoded(sample, original);
  const rendered = await renderAsHeard(buffer, heard, { loop: sample.audioData.kind === 'loop' });
  const planes = Array.from({ length: rendered.numberOfChannels }, (_, c) =>
    rendered.getChannelData(c),
  );
  // The encoder is loaded here, on first use: the first bundle has no room for it.
  const { encodeWav, wavDepthOf } = await import('../../../shared/audio/encode-wav.ts');
  const wav = encodeWav(planes, rendered.sampleRate, wavDepthOf(sample.audioData.bitDepth));
  return {
    data: new Blob([wav as Uint8Array<ArrayBuffer>], { type: 'audio/wav' }),
    fileName: safeFileName(asHeardFileName(sample.audioName, heard)),
  };
}
