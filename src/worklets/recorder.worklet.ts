import {
  RECORDER_PROCESSOR_NAME,
  type RecorderChunk,
  type RecorderCommand,
} from '../shared/audio/worklet-params.ts';

/** Frames per posted chunk (~85 ms at 48 kHz): few messages, little delay. */
const CHUNK_FRAMES = 4096;

/**
 * Records the first channel of what it hears, between a `start` and a `stop` message, and posts
 * it in chunks (then `done`). Used by the end-to-end tests and the benchmarks to check what the
 * page sends to its speakers (a loop's seams: docs/AUDIO.md, "Loops"); never by the app.
 */
class RecorderProcessor extends AudioWorkletProcessor {
  private chunk: Float32Array<ArrayBuffer> | null = null;
  private filled = 0;
  private first = 0;

  constructor(options?: unknown) {
    super(options);
    this.port.onmessage = (event) => {
      const command = event.data as RecorderCommand;
      if (command === 'start') {
        this.chunk = new Float32Array(CHUNK_FRAMES);
        this.filled = 0;
        this.first = currentFrame;
      } else if (command === 'stop' && this.chunk) {
        this.post(this.chunk.slice(0, this.filled));
        this.chunk = null;
        this.port.postMessage({ type: 'done' } satisfies RecorderChunk);
      }
    };
  }

  process(inputs: Float32Array[][]): boolean {
    if (!this.chunk) return true;
    const input = inputs[0]?.[0];
    const length = input?.length ?? 128;
    for (let i = 0; i < length; i++) {
      // No input connected is silence, which is what the speakers get then.
      this.chunk[this.filled++] = input ? input[i]! : 0;
      if (this.filled === CHUNK_FRAMES) {
        this.post(this.chunk);
        this.chunk = new Float32Array(CHUNK_FRAMES);
        this.filled = 0;
      }
    }
    return true;
  }

  private post(data: Float32Array<ArrayBuffer>): void {
    const message: RecorderChunk = { type: 'chunk', frame: this.first, data };
    this.port.postMessage(message, [data.buffer]);
    this.first += data.length;
  }
}

registerProcessor(RECORDER_PROCESSOR_NAME, RecorderProcessor);
