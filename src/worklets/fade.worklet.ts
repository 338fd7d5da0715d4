import { DEFAULTS } from '../shared/constants.ts';
import {
  FADE_PROCESSOR_NAME,
  type FadeInit,
  type FadeMessage,
} from '../shared/audio/worklet-params.ts';

interface Ramp {
  startFrame: number;
  frames: number;
  from: number;
  to: number;
  /** After an out-ramp the voice is silent for good. */
  thenSilent: boolean;
  /** `sine` for fade-ins (equal-power), `exp` for fade-outs. */
  shape: 'sine' | 'exp';
}

/**
 * Applies the player's fades (50 ms, floor gain 0.0001) at exact sample frames: fade-ins follow
 * an equal-power (quarter-sine) curve from the floor to 1, fade-outs an exponential one down to
 * the floor. An exponential fade-in spends its first ~20 ms below −60 dBFS (heard as a late
 * start); the quarter sine is audible within a millisecond and still rises by at most
 * π/2 / (50 ms of frames) per frame (6.5e-4 at 48 kHz), so it cannot click.
 * Each command takes effect on the frame nearest its context time, so a fade-in lines up with
 * the source's start and a fade-out ends where the source is stopped. One node per voice.
 */
class FadeProcessor extends AudioWorkletProcessor {
  private gain = 1;
  private silent = false;
  private ramp: Ramp | null = null;
  private queue: Ramp[] = [];

  constructor(options?: unknown) {
    super(options);
    // Fades known when the voice is made come with the node itself, so no message can be late.
    const init = (options as { processorOptions?: FadeInit } | undefined)?.processorOptions;
    this.gain = init?.initialGain ?? 1;
    for (const message of init?.schedule ?? []) this.schedule(message);
    this.port.onmessage = ({ data }) => this.schedule(data as FadeMessage);
  }

  private schedule(message: FadeMessage): void {
    // A command that arrives after its time starts now: the ramp stays whole and continuous.
    const startFrame = Math.max(Math.round(message.at * sampleRate), currentFrame);
    const ramp: Ramp =
      message.type === 'set'
        ? {
            startFrame,
            frames: 0,
            from: message.gain,
            to: message.gain,
            thenSilent: false,
            shape: 'exp',
          }
        : {
            startFrame,
            frames: Math.max(1, Math.round(message.duration * sampleRate)),
            // NaN `from` means "from whatever the gain is when the ramp starts" (fade-out).
            from: message.direction === 'in' ? DEFAULTS.minGain : Number.NaN,
            to: message.direction === 'in' ? 1 : DEFAULTS.minGain,
            thenSilent: message.direction === 'out',
            shape: message.direction === 'in' ? 'sine' : 'exp',
          };
    this.queue.push(ramp);
    this.queue.sort((a, b) => a.startFrame - b.startFrame);
  }

  process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const input = inputs[0] ?? [];
    const output = outputs[0] ?? [];
    const length = output[0]?.length ?? 128;
    for (let i = 0; i < length; i++) {
      const g = this.gainAt(currentFrame + i);
      for (let c = 0; c < output.length; c++) {
        const src = input[c] ?? input[0];
        output[c]![i] = src ? src[i]! * g : 0;
      }
    }
    // Once faded out and the source is gone, let the node be collected.
    return !(this.silent && input.length === 0);
  }

  private gainAt(frame: number): number {
    while (this.queue.length > 0 && this.queue[0]!.startFrame <= frame) {
      const next = this.queue.shift()!;
      // A voice already faded out stays silent (a pause before the scheduled end fade).
      if (this.silent && next.thenSilent) continue;
      if (Number.isNaN(next.from)) next.from = Math.max(this.gain, DEFAULTS.minGain);
      this.ramp = next;
      this.silent = false;
    }
    const ramp = this.ramp;
    if (!ramp) return this.silent ? 0 : this.gain;
    const k = frame - ramp.startFrame;
    if (k >= ramp.frames) {
      this.gain = ramp.to;
      this.ramp = null;
      this.silent = ramp.thenSilent;
      return this.silent ? 0 : this.gain;
    }
    const x = k / ramp.frames;
    this.gain =
      ramp.shape === 'sine'
        ? ramp.from + (ramp.to - ramp.from) * Math.sin((Math.PI / 2) * x)
        : // Exponential between two positive gains, as AudioParam.exponentialRampToValueAtTime does.
          ramp.from * (ramp.to / ramp.from) ** x;
    return this.gain;
  }
}

registerProcessor(FADE_PROCESSOR_NAME, FadeProcessor);
