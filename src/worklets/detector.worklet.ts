import { DETECTOR_PROCESSOR_NAME, type DetectorHit } from '../shared/audio/worklet-params.ts';

/** |sample| above this counts as sound (−60 dBFS). */
const THRESHOLD = 0.001;

/**
 * Posts the frame of the first non-silent sample it hears, then stays quiet until re-armed with
 * any message. Used by the end-to-end test and the benchmarks to time click-to-sound on the
 * audio clock.
 */
class DetectorProcessor extends AudioWorkletProcessor {
  private armed = true;

  constructor(options?: unknown) {
    super(options);
    this.port.onmessage = () => {
      this.armed = true;
    };
  }

  process(inputs: Float32Array[][]): boolean {
    if (!this.armed) return true;
    for (const channel of inputs[0] ?? []) {
      for (let i = 0; i < channel.length; i++) {
        if (Math.abs(channel[i]!) > THRESHOLD) {
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
