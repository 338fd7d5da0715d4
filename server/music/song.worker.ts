import { parentPort } from 'node:worker_threads';
import { renderSong } from '../synth/render-song.ts';
import { encodeMp3 } from './song-mp3.ts';
import { renderCoverPng } from '../synth/song-cover.ts';
import type { SongJob, SongJobResult } from './song-generator.ts';

// Worker thread of the song generator: synthesis and MP3 encoding take seconds of CPU per song,
// so they run here and the gateway's event loop keeps answering requests.
parentPort!.on('message', (job: SongJob) => {
  try {
    const pcm = renderSong(job.plan, job.sampleRate);
    const mp3 = encodeMp3(pcm, job.sampleRate, job.kbps);
    const png = renderCoverPng(job.plan.style, job.plan.seed);
    const result: SongJobResult = { ok: true, slot: job.plan.slot, mp3, png };
    parentPort!.postMessage(result, [mp3.buffer as ArrayBuffer, png.buffer as ArrayBuffer]);
  } catch (error) {
    const result: SongJobResult = { ok: false, slot: job.plan.slot, message: String(error) };
    parentPort!.postMessage(result);
  }
});
