import type { TimePitch } from '../../shared/audio/sync-params.ts';
import { FADE_GATE, FADE_GATE_PARAM } from '../../shared/audio/worklet-params.ts';
import type { StretchNode } from './stretch-node.ts';
import { FADE_S } from './voice-nodes.ts';

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

// After the fade-out, how long before the node stops and goes back to the spares (s).
const RELEASE_AFTER_S = FADE_S + 0.1;
/**
 * A live start: the STFT is heard 14–25 ms after its first block (its frames before the start
 * were never made), and its planes reach it a task after the click; so the start plays from the
 * buffer itself, resampled to the shifted pitch, until LEAD_S after the stretch took its planes,
 * and cross-fades into it over LEAD_FADE_S; meanwhile the stretch moves at the lead's speed, so
 * both are on the same frame when they meet (docs/AUDIO.md).
 */
const LEAD_S = 0.03;
const LEAD_FADE_S = 0.02;
/** An offline render starts this long before its first frame, which is cut off (s). */
export const RENDER_PREROLL_S = 0.2;
/** A live start this far ahead (s) or more is scheduled with the pre-roll instead of a lead. */
export const SCHEDULED_AHEAD_S = RENDER_PREROLL_S + 0.1;

/** A live start's lead: the buffer itself, heard until the stretch takes over. */
interface Lead {
  source: AudioBufferSourceNode;
  share: GainNode;
  /** Context time it started, at track position `pos`, moving at `speed`. */
  at: number;
  pos: number;
  speed: number;
}

/** Runs `fn` after this task in a live context (off a click's path), at once in an offline one. */
function later(context: BaseAudioContext, fn: () => void): void {
  if (context instanceof AudioContext) setTimeout(fn, 0);
  else fn();
}

/** The planes of `buffer` from frame `from` to `to` (copies, ready to post). */
function planes(buffer: AudioBuffer, from = 0, to = buffer.length): Float32Array[] {
  return Array.from({ length: buffer.numberOfChannels }, (_, c) =>
    buffer.getChannelData(c).slice(from, to),
  );
}

/**
 * One synced voice. Its stretch node reads the track's frames as if they were at the context's
 * rate, so the rate and shift handed to it fold in the file's own rate (no resampling): input
 * time = track time × k with k = file rate ÷ context rate, rate × k, and 12·log2(k) semitones more.
 * A loop plays between the bounds of a second copy of the track, which the node reads modulo the
 * track's length (it holds the frames once), so the STFT always reads the true neighbours of the
 * seam.
 */
export class SyncedVoice {
  /** Track length (s); a slice's estimate until the whole track arrives. */
  duration: number;
  private readonly context: BaseAudioContext;
  private readonly options: SyncedStart;
  private readonly k: number;
  private nodes: StretchVoiceNodes | null = null;
  private stopped = false;
  private ended = false;
  /** Context time the voice started (its stop closes the gate a frame after it at the earliest). */
  private startedAt = 0;
  /** Track position `pos` (s, not wrapped) at context time `time`, moving at `rate`. */
  private anchor: { time: number; pos: number; rate: number };
  private timePitch: TimePitch;
  private endTimer: ReturnType<typeof setTimeout> | null = null;
  /** Takes the nodes back once the voice is silent. */
  private readonly release: (nodes: StretchVoiceNodes) => void;
  /** Frames the stretch node holds of the track (a slice, then the whole; 0: not fed yet). */
  private held = 0;
  /** True until the whole track is here (a first slice plays meanwhile). */
  private partial: boolean;
  /** A live start's lead, until the stretch takes over. */
  private lead: Lead | null = null;
  /** Input seconds where the track's first frame lies (a loop's second copy once laid out). */
  private loopLength = 0;

  constructor(
    context: BaseAudioContext,
    output: AudioNode,
    options: SyncedStart,
    nodes: StretchVoiceNodes | Promise<StretchVoiceNodes>,
    release: (nodes: StretchVoiceNodes) => void,
  ) {
    this.context = context;
    this.release = release;
    this.options = options;
    this.k = options.buffer.sampleRate / context.sampleRate;
    this.duration = options.buffer.duration;
    this.timePitch = options.timePitch;
    this.partial = !!options.rest;
    const at = Math.max(context.currentTime, options.startAt ?? 0);
    const from = Math.min(Math.max(0, options.offset), options.buffer.duration);
    this.anchor = { time: at, pos: from, rate: options.timePitch.rate };
    const begin = (n: StretchVoiceNodes) => {
      if (this.stopped) return this.release(n);
      this.nodes = n;
      n.fade.connect(output);
      this.begin(n);
    };
    if (nodes instanceof Promise) nodes.then(begin, (e: unknown) => console.error('[sync]', e));
    else begin(nodes);
    options.rest?.then(
      (whole) => whole && this.extend(whole),
      () => {},
    );
  }

  /**
   * Opens the gate and, live, starts the lead at once; the planes and time map go to the stretch
   * node in the next task (live) or now (offline), off the click's path: copying a track's frames
   * to the audio thread costs milliseconds per second of audio.
   */
  private begin(nodes: StretchVoiceNodes): void {
    const { gain, fade } = nodes;
    const { fadeIn, render } = this.options;
    const now = this.context.currentTime;
    const at = Math.max(now, this.options.startAt ?? now);
    // A start far enough ahead runs the stretch from a pre-roll, as a render does (no lead).
    const ahead = !render && at - now >= SCHEDULED_AHEAD_S;
    this.startedAt = at;
    // A voice whose nodes came late starts where it should be by now.
    const pos = this.anchor.pos + Math.max(0, at - this.anchor.time) * this.anchor.rate;
    const { rate, semitones } = this.timePitch;
    // The lead's speed: the resampling that gives the shifted pitch.
    const speed = render || ahead ? rate : 2 ** (semitones / 12);
    this.anchor = { time: at, pos, rate: speed };
    gain.gain.cancelScheduledValues(0);
    const gate = fade.parameters.get(FADE_GATE_PARAM)!;
    gate.setValueAtTime(fadeIn ? FADE_GATE.fadeIn : FADE_GATE.full, at);
    if (render || ahead) gain.gain.setValueAtTime(1, at);
    else this.lead = this.startLead(nodes, at, pos, speed);
    later(this.context, () => this.feed(nodes, at, pos, speed, ahead));
  }

  /** The planes and the time map from `at` (track position `pos`, moving at `speed`). */
  private feed(
    nodes: StretchVoiceNodes,
    at: number,
    pos: number,
    speed: number,
    ahead = false,
  ): void {
    if (this.stopped || this.nodes !== nodes) return;
    const { buffer, render, loop } = this.options;
    // The one copy of the track's frames, handed over (not cloned again).
    void nodes.stretch.addBuffers(planes(buffer), true);
    this.held = buffer.length;
    // A pre-rolled loop starts in its second copy, so the pre-roll reads its true predecessor.
    const second = (!!render || (ahead && !this.partial)) && loop;
    if (second) this.loopLength = buffer.length / this.context.sampleRate;
    const input = this.wrap(pos) + (second ? this.duration : 0);
    // Scheduled ahead: the map runs from a pre-roll before `at`, so `at` hears `pos` exactly.
    const pre = ahead ? RENDER_PREROLL_S : 0;
    void nodes.stretch.schedule({
      output: at - pre,
      active: true,
      input: (input - (render || ahead ? RENDER_PREROLL_S * speed : 0)) * this.k,
      ...this.mapped({ rate: speed, semitones: this.timePitch.semitones }),
      loopStart: this.loopLength,
      loopEnd: 2 * this.loopLength,
    });
    if (this.lead) {
      const lead = this.lead;
      // The STFT runs from the moment its planes arrive: it takes over LEAD_S after that.
      void nodes.stretch.settled().then(() => this.handOver(nodes, lead));
    }
    if (second || this.partial) this.planEnd();
    else this.layOut();
  }

  /**
   * The first frames of a live start from the buffer itself at `speed` (so its pitch is the
   * shifted one), until the stretch takes over (handOver).
   */
  private startLead(
    { fade, gain }: StretchVoiceNodes,
    at: number,
    pos: number,
    speed: number,
  ): Lead {
    const source = new AudioBufferSourceNode(this.context, {
      buffer: this.options.buffer,
      playbackRate: speed,
      loop: this.options.loop && !this.options.rest,
    });
    const share = new GainNode(this.context);
    source.connect(share).connect(fade);
    share.gain.setValueAtTime(1, at);
    gain.gain.setValueAtTime(0, at);
    source.start(at, pos);
    source.onended = () => share.disconnect();
    return { source, share, at, pos, speed };
  }

  /**
   * Cross-fades from the lead into the stretch over LEAD_FADE_S, LEAD_S after the stretch took
   * its planes at the latest; the stretch has moved at the lead's speed, so both are on the same
   * frame, and takes the voice's rate once alone.
   */
  private handOver({ stretch, gain }: StretchVoiceNodes, lead: Lead): void {
    if (this.stopped || this.lead !== lead) return;
    this.lead = null;
    const switchAt = Math.max(lead.at, this.context.currentTime) + LEAD_S;
    const alone = switchAt + LEAD_FADE_S;
    lead.share.gain.setValueAtTime(1, switchAt);
    lead.share.gain.linearRampToValueAtTime(0, alone);
    gain.gain.setValueAtTime(0, switchAt);
    gain.gain.linearRampToValueAtTime(1, alone);
    lead.source.stop(alone + 0.01);
    void stretch.schedule({ output: alone, outputTime: alone, ...this.mapped(this.timePitch) });
    this.anchor = {
      time: alone,
      pos: lead.pos + (alone - lead.at) * lead.speed,
      rate: this.timePitch.rate,
    };
    this.planEnd();
  }

  /** Resolves once the stretch node has taken every plane and change posted so far. */
  async settled(): Promise<void> {
    await this.nodes?.stretch.settled();
  }

  /** A loop's bounds (input seconds): the second copy, read by the node modulo its length. */
  private addCopies(): void {
    this.loopLength = this.options.buffer.length / this.context.sampleRate;
  }

  /** The whole track after a first slice: the rest of its frames appended, then laid out. */
  private extend(whole: AudioBuffer): void {
    this.partial = false;
    this.duration = whole.duration;
    // Not fed yet: feed() hands over the whole track.
    if (this.held === 0) this.options.buffer = whole;
    if (this.stopped || !this.nodes || this.held === 0) return;
    void this.nodes.stretch.addBuffers(planes(whole, this.held), true);
    this.held = whole.length;
    this.duration = whole.duration;
    this.options.buffer = whole;
    this.layOut();
  }

  /** Once the whole track is held: a loop's bounds, else its end. */
  private layOut(): void {
    if (this.stopped || !this.nodes) return;
    if (this.options.loop) {
      this.addCopies();
      // The first pass plays the first copy; from its end on, the second one loops for good.
      void this.nodes.stretch.schedule({
        loopStart: this.loopLength,
        loopEnd: 2 * this.loopLength,
      });
    }
    this.planEnd();
  }

  /** Stretch node rate and shift for `tp`, folding in the file's own rate. */
  private mapped(tp: TimePitch): { rate: number; semitones: number } {
    return { rate: tp.rate * this.k, semitones: tp.semitones + 12 * Math.log2(this.k) };
  }

  private wrap(pos: number): number {
    return this.options.loop && this.duration > 0 ? pos % this.duration : pos;
  }

  /** Seconds into the track now (a loop's position within its pass). */
  position(): number {
    if (this.stopped) return 0;
    const { time, pos, rate } = this.anchor;
    const now = pos + Math.max(0, this.context.currentTime - time) * rate;
    return this.options.loop ? this.wrap(now) : Math.min(this.duration, now);
  }

  /** Changes the stretch and shift from now on: no restart, no gap (the node's next block). */
  setTimePitch(tp: TimePitch): void {
    if (this.stopped) return;
    const at = this.context.currentTime;
    const { time, pos, rate } = this.anchor;
    this.anchor = { time: at, pos: pos + Math.max(0, at - time) * rate, rate: tp.rate };
    this.timePitch = tp;
    // The lead goes on at its speed; the stretch takes the new rate when it takes over.
    if (this.lead) this.anchor = { time, pos, rate };
    if (!this.nodes || this.lead) return;
    void this.nodes.stretch.schedule({ output: at, outputTime: at, ...this.mapped(tp) });
    this.planEnd();
  }

  /** Schedules the tail fade and the end report of a voice that is not a loop. */
  private planEnd(): void {
    if (this.endTimer !== null) clearTimeout(this.endTimer);
    this.endTimer = null;
    if (this.options.loop || !this.nodes || this.stopped) return;
    const { time, pos, rate } = this.anchor;
    const endAt = time + Math.max(0, this.duration - pos) / rate;
    const now = this.context.currentTime;
    const gate = this.nodes.fade.parameters.get(FADE_GATE_PARAM)!;
    gate.cancelScheduledValues(now + 1 / this.context.sampleRate);
    if (endAt - now > 2 * FADE_S && !this.options.render)
      gate.setValueAtTime(FADE_GATE.closed, endAt - FADE_S);
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
    const now = this.context.currentTime;
    // A voice waiting for its bar line is called off before it opens.
    const at =
      this.startedAt > now ? now : Math.max(now, this.startedAt + 1 / this.context.sampleRate);
    const gate = nodes.fade.parameters.get(FADE_GATE_PARAM)!;
    gate.cancelScheduledValues(at);
    gate.setValueAtTime(FADE_GATE.closed, at);
    this.lead?.source.stop(at + FADE_S + 0.01);
    this.lead = null;
    const done = () => {
      void nodes.stretch.schedule({ active: false, loopStart: 0, loopEnd: 0 });
      nodes.stretch.node.disconnect();
      nodes.fade.disconnect();
      this.release(nodes);
    };
    if (this.context instanceof AudioContext) setTimeout(done, RELEASE_AFTER_S * 1000);
  }
}
