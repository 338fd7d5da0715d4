import { renderedFrames, type TimePitch } from '../../../shared/audio/sync-params.ts';
import { RENDER_PREROLL_S } from './synced-voice.ts';
import { SyncedVoices } from './synced-voices.ts';
import { loadFadeWorklet } from './voice-nodes.ts';

/**
 * Renders `buffer` as Sync plays it, offline at the buffer's own rate and channel count, through
 * the same stretch voice (SyncedVoices) the player uses. The result lasts the track's length ÷
 * `rate`, `passes` times over; a loop is rendered as one more pass of a voice already looping,
 * so the file tiles seamlessly; the voice starts RENDER_PREROLL_S early, so its first frame is
 * heard in full (not the STFT's start).
 */
export async function renderAsHeard(
  buffer: AudioBuffer,
  timePitch: TimePitch,
  options: { loop: boolean; passes?: number },
): Promise<AudioBuffer> {
  const frames = renderedFrames(buffer.length, timePitch.rate, options.passes ?? 1);
  const preroll = Math.round(RENDER_PREROLL_S * buffer.sampleRate);
  const context = new OfflineAudioContext({
    numberOfChannels: buffer.numberOfChannels,
    length: preroll + frames,
    sampleRate: buffer.sampleRate,
  });
  await loadFadeWorklet(context);
  const voices = new SyncedVoices(context, context.destination);
  await voices.prepare();
  const voice = voices.start({
    buffer,
    offset: 0,
    timePitch,
    loop: options.loop,
    fadeIn: false,
    onEnded: () => {},
    render: true,
  });
  // Every plane and the time map reach the processor before the first frame is rendered.
  await voice.settled();
  const rendered = await context.startRendering();
  // The STFT's first frames were made before the first one kept: the render starts in full.
  const out = new AudioBuffer({
    length: frames,
    numberOfChannels: rendered.numberOfChannels,
    sampleRate: rendered.sampleRate,
  });
  for (let c = 0; c < rendered.numberOfChannels; c++)
    out.copyToChannel(rendered.getChannelData(c).subarray(preroll), c);
  return out;
}
