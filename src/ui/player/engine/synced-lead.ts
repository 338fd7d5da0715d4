import type { StretchVoiceNodes } from './synced-voice.types.ts';

/**
 * A live start: the STFT is heard 14–25 ms after its first block (its frames before the start
 * were never made), and its planes reach it a task after the click; so the start plays from the
 * buffer itself, resampled to the shifted pitch, until LEAD_S after the stretch took its planes,
 * and cross-fades into it over LEAD_FADE_S; meanwhile the stretch moves at the lead's speed, so
 * both are on the same frame when they meet (docs/AUDIO.md).
 */
const LEAD_S = 0.03;
const LEAD_FADE_S = 0.02;

/** A live start's lead: the buffer itself, heard until the stretch takes over. */
export interface Lead {
  source: AudioBufferSourceNode;
  share: GainNode;
  /** Context time it started, at track position `pos`, moving at `speed`. */
  at: number;
  pos: number;
  speed: number;
}

/**
 * The first frames of a live start from the buffer itself at `speed` (so its pitch is the
 * shifted one), heard alone (the stretch's share at 0) until `crossFade` hands over.
 */
export function startLead(
  context: BaseAudioContext,
  { fade, gain }: StretchVoiceNodes,
  track: { buffer: AudioBuffer; loop: boolean },
  at: number,
  pos: number,
  speed: number,
): Lead {
  const source = new AudioBufferSourceNode(context, {
    buffer: track.buffer,
    playbackRate: speed,
    loop: track.loop,
  });
  const share = new GainNode(context);
  source.connect(share).connect(fade);
  share.gain.setValueAtTime(1, at);
  gain.gain.setValueAtTime(0, at);
  source.start(at, pos);
  source.onended = () => share.disconnect();
  return { source, share, at, pos, speed };
}

/**
 * Cross-fades from the lead into the stretch over LEAD_FADE_S, LEAD_S after `now` at the
 * earliest, and stops the lead; answers the context time the stretch plays alone from.
 */
export function crossFade(
  context: BaseAudioContext,
  { gain }: StretchVoiceNodes,
  lead: Lead,
): number {
  const switchAt = Math.max(lead.at, context.currentTime) + LEAD_S;
  const alone = switchAt + LEAD_FADE_S;
  lead.share.gain.setValueAtTime(1, switchAt);
  lead.share.gain.linearRampToValueAtTime(0, alone);
  gain.gain.setValueAtTime(0, switchAt);
  gain.gain.linearRampToValueAtTime(1, alone);
  lead.source.stop(alone + 0.01);
  return alone;
}
