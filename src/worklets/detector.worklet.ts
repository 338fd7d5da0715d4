import { DETECTOR_PROCESSOR_NAME, type DetectorHit } from '../shared/audio/worklet-params.ts';

/** |sample| above this counts as sound unless the node is made with `{ threshold }` (−60 dBFS). */
const THRESHOLD = 0.001;

/**
 * Posts the frame of the first non-silent sample it hears, then stays quiet until re-armed with
 * any message. Used by the end-to-end test and the benchmarks to time click-to-sound on the
 * audio clock.
 */
class DetectorProcessor extends AudioWorkletProcessor {
  private armed = true;
  private readonly threshold: number;

  constructor(options?: unknown) {
    super(options);
    const given = (options as { processorOptions?: { threshold?: number } } | undefined)
      ?.processorOptions?.threshold;
    this.threshold = given ?? THRESHOLD;
    this.port.onmessage = () => {
      this.armed = true;
    };
  }

  process(inputs: Float32Array[][]): boolean {
    if (!this.armed) return true;
    for (const channel of inputs[0] ?? []) {
      for (let i = 0; i < channel.length; i++) {
        if (Math.abs(channel[i]!) > this.threshold) {
          this.armed = false;
          const hit: DetectorHit = {
            type: 'hit',
            frame: currentFrame + i,
            time: (currentFrame + i) / sampleRate,
          };
          this.port.postMessage(hit);
          return true;
        }
      }
    }
    return true;
  }
}

registerProcessor(DETECTOR_PROCESSOR_NAME, DetectorProcessor);
