// Worker thread of the previews bench: encodes the preview of a stored WAV file with the current
// encoder or the version-1 one, as the seeding pass's render worker does (read, decode, encode).
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { encodeAudition } from '../server/library/auditions/mp3-audition.ts';
import { decodeWav } from '../server/library/wav-reader.ts';
import { encodePreviewV1 } from './previews-v1.ts';

/** A preview to encode: the WAV file and which encoder. */
export interface PreviewTask {
  wavPath: string;
  encoder: 'current' | 'v1';
}

parentPort?.on('message', ({ id, task }: { id: number; task: PreviewTask }) => {
  try {
    const { channels, sampleRate } = decodeWav(readFileSync(task.wavPath));
    const mp3 = (task.encoder === 'v1' ? encodePreviewV1 : encodeAudition)(channels, sampleRate);
    parentPort?.postMessage({ id, result: mp3.length });
  } catch (error) {
    parentPort?.postMessage({ id, error: String((error as Error).stack ?? error) });
  }
});
