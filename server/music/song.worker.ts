// Worker thread of the song generator: synthesis and MP3 encoding take seconds of CPU per song,
// so they run here and the gateway's event loop keeps answering requests.
import { renderSong } from '../synth/render-song.ts';
import { renderCoverPng } from '../synth/song-cover.ts';
import { serveTasks } from '../worker-pool.ts';
import type { SongJob, SongJobResult } from './song-generator.ts';
import { encodeMp3 } from './song-mp3.ts';

serveTasks<SongJob>((job) => {
  const pcm = renderSong(job.plan, job.sampleRate);
  const mp3 = encodeMp3(pcm, job.sampleRate, job.kbps);
  const png = renderCoverPng(job.plan.style, job.plan.seed);
  const result: SongJobResult = { slot: job.plan.slot, mp3, png };
  return { result, transfer: [mp3.buffer as ArrayBuffer, png.buffer as ArrayBuffer] };
});
