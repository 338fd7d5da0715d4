import { isAudioErrorInfo, type AudioErrorInfo } from '../../../shared/audio/audio-errors.ts';
import { FADE_GATE, FADE_GATE_PARAM } from '../../../shared/audio/worklet-params.ts';
import { closeAtEnd, FADE_S, openingGate } from './voice-nodes.ts';
import { VoiceWiring } from './voice-wiring.ts';
import { voicePosition, type Voice } from './voice.ts';

// The worklet silences a stopped voice itself (its gate closes on the frame); the source is only
// freed, well after the fade.
const STOP_MARGIN_S = 0.5;
// How far ahead the switch from a preview slice to the full buffer is scheduled.
const SWITCH_AHEAD_S = 0.03;
// A tail fade due sooner than this can no longer be called off (setLoop): the voice ends, and
// the store starts the loop again (docs/AUDIO.md, "Loops").
const CANCEL_MARGIN_S = 0.01;

/** What starts a buffer voice: the buffer (or a preview slice of it) and where on its timeline. */
export interface BufferVoiceStart {
  buffer: AudioBuffer;
  /** The full buffer when `buffer` is a preview slice (undefined: it fell out of the cache). */
  rest?: Promise<AudioBuffer | undefined>;
  /** Seconds into the track. */
  offset: number;
  /** Context time of the start. */
  at: number;
  loop: boolean;
  /** The buffer holds the whole file (a full buffer, or a slice that is all of it). */
  whole: boolean;
  fadeIn: boolean;
  onEnded: () => void;
  onError?: (error: AudioErrorInfo) => void;
}

/**
 * The engine's plain voices (Sync off): an AudioBufferSourceNode at the file's own rate through
 * its own fade worklet node, on the nodes wired ahead of the click; one voice at a time. A voice
 * started on a preview slice switches to the full buffer on the same frame.
 */
export class BufferVoices {
  private voice: Voice | null = null;
  /** Voices' nodes, one set wired ahead of the click. */
  private readonly wiring: VoiceWiring;

  private readonly context: BaseAudioContext;

  constructor(context: BaseAudioContext, output: AudioNode) {
    this.context = context;
    this.wiring = new VoiceWiring(context, output);
  }

  /** Wires the next voice's nodes ahead of a click (once the fade processor is loaded). */
  prepare(): void {
    this.wiring.prepare();
  }

  /** Starts a voice; the caller has stopped the one before. */
  start(options: BufferVoiceStart): void {
    const { buffer, at, offset: from, loop, whole } = options;
    const partial = options.rest !== undefined;
    const { source, fade } = this.wiring.take(buffer);
    const gate = fade.parameters.get(FADE_GATE_PARAM)!;
    gate.setValueAtTime(openingGate(buffer, from, options.fadeIn), at);
    // loopStart and loopEnd stay 0: the loop is the whole buffer, the file's own bounds.
    source.loop = loop && whole;
    const voice: Voice = {
      source,
      fade,
      startedAt: at,
      offset: from,
      duration: buffer.duration,
      loop,
      whole,
      // A preview's end is not known yet: its tail fade comes with the full buffer.
      closeAt: partial || loop ? null : closeAtEnd(gate, at, buffer.duration - from),
      stopped: false,
      finish: () => {
        // A voice that ended with its gate open (a one-shot too short for an end fade, a preview
        // whose rest failed) would keep its processor running for good: worklet nodes process
        // until process() says they are done, connected or not, and a few hundred such nodes
        // fill the render thread (docs/AUDIO.md, Benchmarks). Its source has ended: close it.
        gate.setValueAtTime(FADE_GATE.closed, this.context.currentTime);
        fade.disconnect();
        if (voice.stopped) return;
        voice.stopped = true;
        if (this.voice === voice) this.voice = null;
        options.onEnded();
      },
    };
    this.attach(voice, source, !partial);
    source.start(at, from);
    this.voice = voice;
    options.rest?.then(
      (full) => this.switchToFull(voice, full),
      (error: unknown) => {
        if (isAudioErrorInfo(error) && error.code === 'DECRYPT') {
          // The preview was read before the body's tag could be checked, and the tag failed.
          if (voice.stopped) return;
          this.stop();
          options.onError?.(error);
          return;
        }
        // The rest failed to decode: the preview is all there is.
        voice.previewOnly = true;
        if (voice.previewEnded) voice.finish();
      },
    );
  }

  /**
   * Makes the current voice repeat (a loop sample in a mode that repeats it) or play on to its
   * end (the mode changed): on the same source, without a restart. A tail fade already under way
   * is not called off; the voice then ends and the store starts the loop again.
   */
  setLoop(loop: boolean): void {
    const voice = this.voice;
    if (!voice || voice.stopped || voice.loop === loop) return;
    voice.loop = loop;
    // A slice of part of the file neither loops nor has a tail fade: the switch to the full
    // buffer applies the voice's mode.
    if (!voice.whole) return;
    const now = this.context.currentTime;
    const gate = voice.fade.parameters.get(FADE_GATE_PARAM)!;
    if (loop && voice.closeAt !== null) {
      if (voice.closeAt < now + CANCEL_MARGIN_S) return;
      gate.cancelScheduledValues(voice.closeAt);
      voice.closeAt = null;
    }
    // The timeline from now on, so the position keeps counting on the new rule.
    voice.offset = voicePosition(voice, now);
    voice.startedAt = now;
    voice.source.loop = loop;
    if (!loop) voice.closeAt = closeAtEnd(gate, now, voice.duration - voice.offset);
  }

  /** Fades the current voice out (or calls off one waiting for its start); none: nothing. */
  stop(): void {
    const voice = this.voice;
    if (!voice) return;
    this.voice = null;
    voice.stopped = true;
    const now = this.context.currentTime;
    const gate = voice.fade.parameters.get(FADE_GATE_PARAM)!;
    // A voice waiting for its bar line is called off before it opens; else a frame after the
    // start at the earliest, so a voice stopped in the task that started it still opens and
    // closes (and its node is released) rather than waiting for good.
    if (voice.startedAt > now) gate.cancelScheduledValues(now);
    const at =
      voice.startedAt > now ? now : Math.max(now, voice.startedAt + 1 / this.context.sampleRate);
    gate.setValueAtTime(FADE_GATE.closed, at);
    // The worklet silences the voice after its ramp; the stop only frees the source.
    voice.source.stop(at + FADE_S + STOP_MARGIN_S);
  }

  /** Seconds into the current voice's track; 0 without one. */
  position(): number {
    return this.voice ? voicePosition(this.voice, this.context.currentTime) : 0;
  }

  /** Watches a voice's source end; only the source that plays to the true end finishes it. */
  private attach(voice: Voice, source: AudioBufferSourceNode, final: boolean): void {
    source.onended = () => {
      source.disconnect();
      if (voice.source !== source) return;
      // A stopped voice is only cleaned up; finish() reports an end only for a live one.
      if (voice.stopped || final || voice.previewOnly) voice.finish();
      else voice.previewEnded = true;
    };
  }

  /**
   * Continues a voice that started on a preview slice with the full buffer: the full source
   * starts a little ahead, at the exact position the preview will have reached, and the preview
   * stops on the same frame — the samples are the same, so the seam is inaudible.
   */
  private switchToFull(voice: Voice, full: AudioBuffer | undefined): void {
    if (!full || voice.stopped || this.voice !== voice) return;
    const at = this.context.currentTime + SWITCH_AHEAD_S;
    // The voice's timeline runs on across the switch; a loop wraps it at the file's length,
    // wherever the seam fell (in the slice, or before the switch).
    let position = voice.offset + (at - voice.startedAt);
    if (voice.loop) position %= full.duration;
    else if (position >= full.duration) {
      // The preview has already played the whole file: it is all there is.
      voice.previewOnly = true;
      if (voice.previewEnded) voice.finish();
      return;
    }
    const next = this.wiring.follow(voice.fade, full);
    next.loop = voice.loop;
    this.attach(voice, next, true);
    next.start(at, position);
    voice.source.stop(at);
    voice.source = next;
    voice.duration = full.duration;
    voice.whole = true;
    if (!voice.loop)
      voice.closeAt = closeAtEnd(
        voice.fade.parameters.get(FADE_GATE_PARAM)!,
        at,
        full.duration - position,
      );
  }
}
