// The AudioWorkletGlobalScope, which TypeScript's libs do not describe (tsconfig.worklet.json
// has only ES2023): just what our processors use.

/** A port to the AudioWorkletNode on the main thread. */
interface WorkletMessagePort {
  onmessage: ((event: { data: unknown }) => void) | null;
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
}

/** Base class of every processor. */
declare abstract class AudioWorkletProcessor {
  readonly port: WorkletMessagePort;
  constructor(options?: unknown);
  abstract process(
    inputs: Float32Array[][],
    outputs: Float32Array[][],
    parameters: Record<string, Float32Array>,
  ): boolean;
}

/** Registers a processor class under a name for `new AudioWorkletNode(ctx, name)`. */
declare function registerProcessor(
  name: string,
  ctor: new (options?: unknown) => AudioWorkletProcessor,
): void;

/** Frame index of the first sample of the current render quantum. */
declare const currentFrame: number;
/** Context time of the current render quantum (s). */
declare const currentTime: number;
/** The context's sample rate (Hz). */
declare const sampleRate: number;
