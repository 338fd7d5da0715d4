import { FADE_GATE, FADE_GATE_PARAM } from '../../../shared/audio/worklet-params.ts';
import { crossFade, startLead, type Lead } from './synced-lead.ts';
import { SyncedVoiceBase } from './synced-voice-base.ts';
import { positionAt, type StretchVoiceNodes, type SyncedStart } from './synced-voice.types.ts';

/** An offline render starts this long before its first frame, which is cut off (s). */
export const RENDER_PREROLL_S = 0.2;
/** A live start this far ahead (s) or more is scheduled with the pre-roll instead of a lead. */
export const SCHEDULED_AHEAD_S = RENDER_PREROLL_S + 0.1;

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
 * One synced voice, as it starts (the time map, changes, end and stop: SyncedVoiceBase). A live
 * start is led by the buffer itself until the stretch takes over (synced-lead.ts). A loop plays
 * between the bounds of a second copy of the track, which the node reads modulo the track's length
 * (it holds the frames once), so the STFT always reads the true neighbours of the seam.
 */
export class SyncedVoice extends SyncedVoiceBase {
  /** Frames the stretch node holds of the track (a slice, then the whole; 0: not fed yet). */
  private held = 0;
  /** True until the whole track is here (a first slice plays meanwhile). */
  private partial: boolean;
  /** Input seconds where the track's first frame lies (a loop's second copy once laid out). */
  private loopLength = 0;

  constructor(
    context: BaseAudioContext,
    output: AudioNode,
    options: SyncedStart,
    nodes: StretchVoiceNodes | Promise<StretchVoiceNodes>,
    release: (nodes: StretchVoiceNodes) => void,
  ) {
    super(context, options, release);
    this.partial = !!options.rest;
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
    const { fadeIn, render, buffer, loop, rest } = this.options;
    const now = this.context.currentTime;
    const at = Math.max(now, this.options.startAt ?? now);
    // A start far enough ahead runs the stretch from a pre-roll, as a render does (no lead).
    const ahead = !render && at - now >= SCHEDULED_AHEAD_S;
    this.startedAt = at;
    // A voice whose nodes came late starts where it should be by now.
    const pos = positionAt(this.anchor, at);
    const { rate, semitones } = this.timePitch;
    // The lead's speed: the resampling that gives the shifted pitch.
    const speed = render || ahead ? rate : 2 ** (semitones / 12);
    this.anchor = { time: at, pos, rate: speed };
    gain.gain.cancelScheduledValues(0);
    const gate = fade.parameters.get(FADE_GATE_PARAM)!;
    gate.setValueAtTime(fadeIn ? FADE_GATE.fadeIn : FADE_GATE.full, at);
    if (render || ahead) gain.gain.setValueAtTime(1, at);
    else
      this.lead = startLead(this.context, nodes, { buffer, loop: loop && !rest }, at, pos, speed);
    later(this.context, () => this.feed(nodes, at, pos, speed, ahead));
  }

  /**
   * The planes and the time map from `at` (track position `pos`, moving at `speed`); `ahead`: a
   * start scheduled far enough ahead to run from a pre-roll.
   */
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

  /** The lead cross-fades into the stretch, which takes the voice's rate once alone. */
  private handOver(nodes: StretchVoiceNodes, lead: Lead): void {
    if (this.stopped || this.lead !== lead) return;
    this.lead = null;
    const alone = crossFade(this.context, nodes, lead);
    void nodes.stretch.schedule({
      output: alone,
      outputTime: alone,
      ...this.mapped(this.timePitch),
    });
    this.anchor = {
      time: alone,
      pos: lead.pos + (alone - lead.at) * lead.speed,
      rate: this.timePitch.rate,
    };
    this.planEnd();
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

  /** Once the whole track is held: a loop's bounds (the second copy, read modulo), else its end. */
  private layOut(): void {
    if (this.stopped || !this.nodes) return;
    if (this.options.loop) {
      this.loopLength = this.options.buffer.length / this.context.sampleRate;
      // The first pass plays the first copy; from its end on, the second one loops for good.
      void this.nodes.stretch.schedule({
        loopStart: this.loopLength,
        loopEnd: 2 * this.loopLength,
      });
    }
    this.planEnd();
  }
}
