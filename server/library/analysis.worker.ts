// Worker-thread entry for analysis-pool.ts: analyses stored audio files and describes files
// being imported, answering with transferred buffers.
import { readFileSync } from 'node:fs';
import { serveTasks } from '../worker-pool.ts';
import type { AnalysisTask } from './analysis-pool.ts';
import { analyseBytes, describeAudio } from './describe-audio.ts';

serveTasks<AnalysisTask>(async (task) => {
  if (task.type === 'analyse') {
    const analysis = await analyseBytes(new Uint8Array(readFileSync(task.path)));
    return { result: analysis, transfer: [analysis.embedding.buffer as ArrayBuffer] };
  }
  const described = await describeAudio(task.bytes);
  return {
    result: described,
    transfer: [
      described.peaks.buffer,
      described.audition.buffer,
      described.analysis.embedding.buffer,
    ] as ArrayBuffer[],
  };
});
