import { startWorkerPool } from '../worker-pool.ts';
import type { DescribedAudio } from './describe-audio.ts';
import type { StoredAnalysis } from './sound-analysis.ts';

/** A task for an analysis worker: analyse a stored file, or describe a file being imported. */
export type AnalysisTask =
  { type: 'analyse'; path: string } | { type: 'describe'; bytes: Uint8Array };

/** Worker threads that run the audio analysis (src/analysis) off the calling thread. */
export interface AnalysisPool {
  /** The analysis of the audio file at `path` (any format the importer takes). */
  analyse(path: string): Promise<StoredAnalysis>;
  /** Decodes, measures and analyses a file's bytes (moved to the worker, not copied). */
  describe(bytes: Uint8Array): Promise<DescribedAudio>;
  close(): Promise<void>;
}

/** Starts `size` analysis workers (default: the core count, at most 4). */
export function startAnalysisPool(size?: number): AnalysisPool {
  const pool = startWorkerPool<AnalysisTask>(
    new URL('./analysis.worker.ts', import.meta.url),
    size,
  );
  return {
    analyse: (path) => pool.run({ type: 'analyse', path }),
    describe: (bytes) => {
      const copy = bytes.slice();
      return pool.run({ type: 'describe', bytes: copy }, [copy.buffer]);
    },
    close: () => pool.close(),
  };
}
