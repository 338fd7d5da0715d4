import type { TimePitch } from '../../../shared/audio/sync-params.ts';
import type { Lead } from './synced-lead.ts';
import { fadeOutAndRelease, planTailFade } from './synced-release.ts';
import {
  positionAt,
  type StretchVoiceNodes,
  type SyncedStart,
  type TrackAnchor,
} from './synced-voice.types.ts';

/**
 * A synced voice once it sounds: its time map (where in the track it is), changes of stretch and
 * shift, its end and its stop. How it starts (the lead, feeding the stretch node, the hand-over)
 * is `SyncedVoice` (synced-voice.ts). The stretch node reads the track's frames as if they were at
 * the context's rate, so the rate and shift handed to it fold in the file's own rate (no
 * resampling): input time = track time × k with k = file rate ÷ context rate, rate × k, and
 * 12·log2(k) semitones more.
 */
export abstract class SyncedVoiceBase {
  /** Track length (s); a slice's estimate until the whole track arrives. */
  duration: number;
  protected readonly context: BaseAudioContext;
  protected readonly options: SyncedStart;
  protected readonly k: number;
  protected nodes: StretchVoiceNodes | null = null;
  protected stopped = false;
  private ended = false;
  /** Context time the voice started (its stop closes the gate a frame after it at the earliest). */
  protected startedAt = 0;
  protected anchor: TrackAnchor;
  protected timePitch: TimePitch;
  private endTimer: ReturnType<typeof setTimeout> | null = null;
  /** Takes the nodes back once the voice is silent. */
  protected readonly release: (nodes: StretchVoiceNodes) => void;
  /** A live start's lead, until the stretch takes over. */
  protected lead: Lead | null = null;

  constructor(
    context: BaseAudioContext,
    options: SyncedStart,
    release: (nodes: StretchVoiceNodes) => void,
  ) {
    this.context = context;
    this.release = release;
    this.options = options;
    this.k = options.buffer.sampleRate / context.sampleRate;
    this.duration = options.buffer.duration;
    this.timePitch = options.timePitch;
    const at = Math.max(context.currentTime, options.startAt ?? 0);
    const from = Math.min(Math.max(0, options.offset), options.buffer.duration);
    this.anchor = { time: at, pos: from, rate: options.timePitch.rate };
  }

  /** Resolves once the stretch node has taken every plane and change posted so far. */
  async settled(): Promise<void> {
    await this.nodes?.stretch.settled();
  }

  /** Stretch node rate and shift for `tp`, folding in the file's own rate. */
  protected mapped(tp: TimePitch): { rate: number; semitones: number } {
    return { rate: tp.rate * this.k, semitones: tp.semitones + 12 * Math.log2(this.k) };
  }

  /** A loop's position within its pass (other voices: `pos` as it is). */
  protected wrap(pos: number): number {
    return this.options.loop && this.duration > 0 ? pos % this.duration : pos;
  }

  /** Seconds into the track now (a loop's position within its pass). */
  position(): number {
    if (this.stopped) return 0;
    const now = positionAt(this.anchor, this.context.currentTime);
    return this.options.loop ? this.wrap(now) : Math.min(this.duration, now);
  }

  /** Changes the stretch and shift from now on: no restart, no gap (the node's next block). */
  setTimePitch(tp: TimePitch): void {
    if (this.stopped) return;
    const at = this.context.currentTime;
    const before = this.anchor;
    this.anchor = { time: at, pos: positionAt(before, at), rate: tp.rate };
    this.timePitch = tp;
    // The lead goes on at its speed; the stretch takes the new rate when it takes over.
    if (this.lead) this.anchor = before;
    if (!this.nodes || this.lead) return;
    void this.nodes.stretch.schedule({ output: at, outputTime: at, ...this.mapped(tp) });
    this.planEnd();
  }

  /** Schedules the tail fade and the end report of a voice that is not a loop. */
  protected planEnd(): void {
    if (this.endTimer !== null) clearTimeout(this.endTimer);
    this.endTimer = null;
    if (this.options.loop || !this.nodes || this.stopped) return;
    const { time, pos, rate } = this.anchor;
    const endAt = time + Math.max(0, this.duration - pos) / rate;
    const now = this.context.currentTime;
    planTailFade(this.context, this.nodes.fade, now, endAt, !!this.options.render);
    if (!(this.context instanceof AudioContext)) return;
    this.endTimer = setTimeout(() => this.finish(), Math.max(0, endAt - now) * 1000);
  }

  private finish(): void {
    if (this.stopped || this.ended) return;
    this.ended = true;
    this.stop();
    this.options.onEnded();
  }

  /** True once stopped (its nodes come back to the pool after the fade). */
  get isStopped(): boolean {
    return this.stopped;
  }

  /** Fades out (the engine's 50 ms fade) and gives the nodes back once silent. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.endTimer !== null) clearTimeout(this.endTimer);
    const nodes = this.nodes;
    if (!nodes) return;
    fadeOutAndRelease(this.context, nodes, this.startedAt, this.lead, this.release);
    this.lead = null;
  }
}
