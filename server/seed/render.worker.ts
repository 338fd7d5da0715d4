// Worker-thread entry: renders sample jobs posted by render-pool.ts and returns the bytes
// as transferred buffers (no copies).
import { parentPort } from 'node:worker_threads';
import { renderSample, type RenderJob } from './render-sample.ts';

parentPort?.on('message', (message: { id: number; job: RenderJob }) => {
  try {
    const result = renderSample(message.job);
    parentPort?.postMessage({ id: message.id, result }, [
      result.wav.buffer,
      result.mp3.buffer,
      result.peaks.buffer,
    ] as ArrayBuffer[]);
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: String((error as Error).stack ?? error) });
  }
});
