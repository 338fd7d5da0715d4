// Worker thread of the previews bench: encodes the preview of a stored WAV file with the current
// encoder or the version-1 one, as the seeding pass's render worker does (read, decode, encode).
import { readFileSync } from 'node:fs';
import { encodeAudition } from '../server/library/auditions/mp3-audition.ts';
import { readStoredWav } from '../server/library/auditions/read-stored-wav.ts';
import { serveTasks } from '../server/worker-pool.ts';
import { encodePreviewV1 } from './previews-v1.ts';

/** A preview to encode: the WAV file and which encoder. */
export interface PreviewTask {
  wavPath: string;
  encoder: 'current' | 'v1';
}

serveTasks<PreviewTask>((task) => {
  const { channels, sampleRate } = readStoredWav(readFileSync(task.wavPath));
  const mp3 = (task.encoder === 'v1' ? encodePreviewV1 : encodeAudition)(channels, sampleRate);
  return { result: mp3.length };
});
