import { DEFAULTS } from '../shared/constants.ts';
import {
  DECLICK_MS,
  FADE_GATE,
  FADE_GATE_PARAM,
  FADE_PROCESSOR_NAME,
} from '../shared/audio/worklet-params.ts';

/** Where the voice is: before its start, playing, fading out, or silent for good. */
type Phase = 'waiting' | 'open' | 'closed';

/**
 * Applies a voice's fades (50 ms, floor gain 0.0001) at exact sample frames, driven by its
 * a-rate `gate` parameter (FADE_GATE): the frame the gate opens starts an equal-power
 * (quarter-sine) fade-in from the floor to 1 (over 50 ms, or DECLICK_MS for a de-click), or full
 * gain at once; the frame it closes starts an
 * exponential fade-out from the current gain to the floor, after which the voice is silent for
 * good (a later close, such as the end fade of a paused voice, changes nothing). An exponential
 * fade-in spends its first ~20 ms below −60 dBFS (heard as a late start); the quarter sine is
 * audible within a millisecond and still rises by at most π/2 / (50 ms of frames) per frame
 * (6.5e-4 at 48 kHz), so it cannot click. The engine makes a node ahead of its voice and sets the
 * gate with the same context times as the source's start and stop, so they meet on one frame.
 */
class FadeProcessor extends AudioWorkletProcessor {
  static get parameterDescriptors() {
    return [
      {
        name: FADE_GATE_PARAM,
        defaultValue: FADE_GATE.closed,
        minValue: FADE_GATE.closed,
        maxValue: Math.max(...Object.values(FADE_GATE)),
        automationRate: 'a-rate',
      },
    ];
  }

  private phase: Phase = 'waiting';
  private gain = 0;
  /** The ramp in progress: its first frame, length, gains and shape. */
  private ramp: { start: number; frames: number; from: number; to: number; sine: boolean } | null =
    null;
  private readonly rampFrames = Math.max(1, Math.round((DEFAULTS.fadeMs / 1000) * sampleRate));
  private readonly declickFrames = Math.max(1, Math.round((DECLICK_MS / 1000) * sampleRate));

  process(
    inputs: Float32Array[][],
    outputs: Float32Array[][],
    parameters: Record<string, Float32Array>,
  ): boolean {
    const input = inputs[0] ?? [];
    const output = outputs[0] ?? [];
    // One value when the gate is constant over the quantum, else one per frame.
    const gate = parameters[FADE_GATE_PARAM] ?? [FADE_GATE.closed];
    const length = output[0]?.length ?? 128;
    for (let i = 0; i < length; i++) {
      this.follow(gate.length > 1 ? gate[i]! : gate[0]!, currentFrame + i);
      const g = this.gainAt(currentFrame + i);
      for (let c = 0; c < output.length; c++) {
        const src = input[c] ?? input[0];
        output[c]![i] = src ? src[i]! * g : 0;
      }
    }
    // Once faded out and the source is gone, let the node be collected.
    return !(this.phase === 'closed' && !this.ramp && input.length === 0);
  }

  /** Starts the ramp the gate asks for on `frame`, if it changed the voice's phase. */
  private follow(gate: number, frame: number): void {
    if (this.phase === 'waiting' && gate !== FADE_GATE.closed) {
      this.phase = 'open';
      if (gate === FADE_GATE.full) this.gain = 1;
      else
        this.ramp = {
          start: frame,
          frames: gate === FADE_GATE.declick ? this.declickFrames : this.rampFrames,
          from: DEFAULTS.minGain,
          to: 1,
          sine: true,
        };
    } else if (this.phase === 'open' && gate === FADE_GATE.closed) {
      this.phase = 'closed';
      const from = Math.max(this.gain, DEFAULTS.minGain);
      this.ramp = {
        start: frame,
        frames: this.rampFrames,
        from,
        to: DEFAULTS.minGain,
        sine: false,
      };
    }
  }

  private gainAt(frame: number): number {
    const ramp = this.ramp;
    if (!ramp) return this.phase === 'open' ? this.gain : 0;
    const x = (frame - ramp.start) / ramp.frames;
    if (x >= 1) {
      this.ramp = null;
      this.gain = ramp.to;
      return this.phase === 'open' ? this.gain : 0;
    }
    this.gain = ramp.sine
      ? ramp.from + (ramp.to - ramp.from) * Math.sin((Math.PI / 2) * x)
      : // Exponential between two positive gains, as AudioParam.exponentialRampToValueAtTime does.
        ramp.from * (ramp.to / ramp.from) ** x;
    return this.gain;
  }
}

registerProcessor(FADE_PROCESSOR_NAME, FadeProcessor);
