// Worker-thread entry for render-pool.ts: renders sample jobs, or encodes the MP3 audition of a
// stored WAV file, and returns the bytes as transferred buffers (no copies).
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { encodeAudition } from './auditions/mp3-audition.ts';
import { renderSample } from '../synth/render-sample.ts';
import type { WorkerTask } from './render-pool.ts';
import { decodeWav } from './wav-reader.ts';

parentPort?.on('message', ({ id, task }: { id: number; task: WorkerTask }) => {
  try {
    if (task.type === 'render') {
      const result = renderSample(task.job, { audition: task.audition });
      const transfer = [result.wav.buffer, result.peaks.buffer];
      if (result.mp3) transfer.push(result.mp3.buffer);
      parentPort?.postMessage({ id, result }, transfer as ArrayBuffer[]);
    } else {
      const { channels, sampleRate } = decodeWav(readFileSync(task.wavPath));
      const mp3 = encodeAudition(channels, sampleRate);
      parentPort?.postMessage({ id, result: mp3 }, [mp3.buffer as ArrayBuffer]);
    }
  } catch (error) {
    parentPort?.postMessage({ id, error: String((error as Error).stack ?? error) });
  }
});
