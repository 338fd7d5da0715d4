// Worker-thread entry for render-pool.ts: renders sample jobs, or encodes the MP3 audition of a
// stored WAV file, and returns the bytes as transferred buffers (no copies).
import { readFileSync } from 'node:fs';
import { serveTasks } from '../worker-pool.ts';
import { encodeAudition } from './auditions/mp3-audition.ts';
import { readStoredWav } from './auditions/read-stored-wav.ts';
import type { WorkerTask } from './render-pool.ts';
import { renderSample } from './sample-files.ts';

serveTasks<WorkerTask>((task) => {
  if (task.type === 'render') {
    const result = renderSample(task.job, { audition: task.audition });
    const transfer = [result.wav.buffer, result.peaks.buffer];
    if (result.mp3) transfer.push(result.mp3.buffer);
    return { result, transfer: transfer as ArrayBuffer[] };
  }
  const { channels, sampleRate } = readStoredWav(readFileSync(task.wavPath));
  const mp3 = encodeAudition(channels, sampleRate);
  return { result: mp3, transfer: [mp3.buffer as ArrayBuffer] };
});
