import type { TimePitch } from '../../../shared/audio/sync-params.ts';
import type { StretchNode } from './stretch-node.ts';

/** A stretch node wired through a gain into its own fade node (not yet into the output). */
export interface StretchVoiceNodes {
  stretch: StretchNode;
  /** The stretch's share of the voice (0 while the lead plays, then 1). */
  gain: GainNode;
  fade: AudioWorkletNode;
}

/** What a synced voice plays and how. */
export interface SyncedStart {
  /** The decoded track, or the first slice of it (then `rest` brings the whole). */
  buffer: AudioBuffer;
  /** The whole track when `buffer` is its first slice (undefined: the slice is all there is). */
  rest?: Promise<AudioBuffer | undefined>;
  /** Seconds into the track. */
  offset: number;
  timePitch: TimePitch;
  /** Play the track over and over, sample-accurate across the seam. */
  loop: boolean;
  /** Open with the 50 ms fade-in (else at full gain). */
  fadeIn: boolean;
  /** Called once at the natural end (never after `stop`, never for a loop). */
  onEnded: () => void;
  /**
   * Offline renders: a loop starts in its second copy (the first pass already hears its true
   * predecessor, so the render tiles seamlessly), and a one-shot gets no tail fade.
   */
  render?: boolean;
  /**
   * Live: the context time to start at (a bar line of my beat). When it lies SCHEDULED_AHEAD_S
   * or more ahead, the stretch starts a pre-roll before it, as a render does, and no lead plays:
   * the voice is on its time map from its first frame (docs/AUDIO.md, "My beat").
   */
  startAt?: number;
}

/** Track position `pos` (s, not wrapped) at context time `time`, moving at `rate`. */
export interface TrackAnchor {
  time: number;
  pos: number;
  rate: number;
}

/** The track position `anchor` has reached at context time `now` (never before its start). */
export function positionAt({ time, pos, rate }: TrackAnchor, now: number): number {
  return pos + Math.max(0, now - time) * rate;
}
