// Worker-thread entry for analysis-pool.ts: analyses stored audio files and describes files
// being imported, answering with transferred buffers.
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { AnalysisTask } from './analysis-pool.ts';
import { analyseBytes, describeAudio } from './describe-audio.ts';

parentPort?.on('message', ({ id, task }: { id: number; task: AnalysisTask }) => {
  const work =
    task.type === 'analyse'
      ? analyseBytes(new Uint8Array(readFileSync(task.path))).then((analysis) => ({
          result: analysis,
          transfer: [analysis.embedding.buffer as ArrayBuffer],
        }))
      : describeAudio(task.bytes).then((described) => ({
          result: described,
          transfer: [
            described.peaks.buffer,
            described.audition.buffer,
            described.analysis.embedding.buffer,
          ] as ArrayBuffer[],
        }));
  work.then(
    ({ result, transfer }) => parentPort?.postMessage({ id, result }, transfer),
    (error: unknown) => {
      // An AudioError's code travels in the text: the importer reports it as the reason.
      const code = (error as { code?: string }).code;
      const message = (error as Error).message ?? String(error);
      parentPort?.postMessage({ id, error: code ? `${code}: ${message}` : message });
    },
  );
});
