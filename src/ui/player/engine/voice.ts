/**
 * One voice of the engine: what plays now, where it is on its timeline, and how it ends. A voice
 * keeps its fade node for its whole life; its source may change (a preview slice, then the full
 * buffer), and another kind of source can take the same place as long as it starts and stops on
 * context times and keeps the timeline below.
 */
export interface Voice {
  /** The source playing now (a preview slice, then the full buffer). */
  source: AudioBufferSourceNode;
  fade: AudioWorkletNode;
  /**
   * The timeline: at context time `startedAt` the voice was `offset` seconds into its track and
   * it advances in real time from there; a looping source wraps it (see `voicePosition`).
   */
  startedAt: number;
  offset: number;
  /** Length of what the source holds (s): the slice's until the full buffer takes over. */
  duration: number;
  /** The voice repeats the whole file as one continuous voice (docs/AUDIO.md, "Loops"). */
  loop: boolean;
  /** The source holds the whole file (a full buffer, or a slice that is all of it). */
  whole: boolean;
  /** Context time of the scheduled tail fade, null when none is scheduled. */
  closeAt: number | null;
  stopped: boolean;
  /** The full decode failed after a preview: the preview's end is the track's end. */
  previewOnly?: boolean;
  /** The preview slice ran out before the full buffer arrived. */
  previewEnded?: boolean;
  /** Reports the natural end once. */
  finish: () => void;
}

/**
 * Seconds into the track at context time `now`: the timeline wrapped at the file's length while
 * the source loops (the loop's bounds are the file's own), else held at the end.
 */
export function voicePosition(
  voice: Pick<Voice, 'source' | 'startedAt' | 'offset' | 'duration'>,
  now: number,
): number {
  const t = voice.offset + Math.max(0, now - voice.startedAt);
  if (voice.source.loop && voice.duration > 0) return t % voice.duration;
  return Math.min(voice.duration, t);
}

/**
 * Whether a preview slice holds the whole file (its length reaches the file's estimated one):
 * such a slice loops by itself, so a loop's seam inside it is as seamless as in the full buffer.
 */
export function sliceIsWhole(slice: AudioBuffer, estimatedDuration: number): boolean {
  return slice.length >= Math.round(estimatedDuration * slice.sampleRate);
}
