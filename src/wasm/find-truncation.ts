import type { DecodedPcm, Truncation } from '../shared/audio/worker-protocol.ts';
import { readStreamInfo } from './flac/flac-format.ts';
import { xingFrameCount } from './mpg123/split-mp3.ts';
import { aiffDeclaredFrames } from './pcm/decode-aiff.ts';
import { readWavHeader } from './pcm/decode-wav.ts';
import { skipId3 } from './sniff-format.ts';
import { oggEnding, type OggEnding } from './vorbis/ogg-links.ts';

/**
 * A whole MP3 may lack this many frames of its Xing/Info count and still pass: Xing writers
 * other than LAME/Lavc count the tag frame itself, so one frame (26 ms) is no evidence of a cut.
 */
const MP3_FRAME_SLACK = 1;

const OGG_REASONS: Record<Exclude<OggEnding, 'eos'>, string> = {
  'no-eos': 'the Ogg stream ends without its end-of-stream page',
  cut: 'the last Ogg page runs past the end of the file',
  crc: 'the last Ogg page fails its CRC',
};

/**
 * The cut a format makes visible in a whole file that decoded to `pcm` (docs/AUDIO.md
 * "Truncated files"), or null: a WAV/AIFF data chunk longer than the file, fewer FLAC frames than
 * STREAMINFO's total (0 = unknown: never a cut), an MP3 with fewer frames than its Xing/Info count,
 * an Ogg file whose last page is cut short, fails its CRC or lacks the end-of-stream flag. Reads
 * headers, the MP3 frame headers and the Ogg file's last page only: never the samples again.
 * Only for a whole body: a prefix decoded while streaming is short on purpose.
 */
export function findTruncation(bytes: Uint8Array, pcm: DecodedPcm): Truncation | null {
  const present = pcm.frames / pcm.sampleRate;
  const cut = (reason: string, declaredFrames: number | null) => ({
    reason,
    declaredSeconds: declaredFrames === null ? null : declaredFrames / pcm.sampleRate,
    presentSeconds: present,
  });
  switch (pcm.format) {
    case 'wav': {
      const header = readWavHeader(bytes, bytes.length);
      return header && header.declaredFrames > header.frames
        ? cut('the WAV data chunk runs past the end of the file', header.declaredFrames)
        : null;
    }
    case 'aiff': {
      const declared = aiffDeclaredFrames(bytes);
      return declared === null
        ? null
        : cut('the AIFF sound data runs past the end of the file', declared);
    }
    case 'flac': {
      const total = readStreamInfo(bytes.subarray(skipId3(bytes)))?.totalFrames ?? 0;
      return total > pcm.frames ? cut('fewer FLAC frames than STREAMINFO declares', total) : null;
    }
    case 'mp3': {
      const count = xingFrameCount(bytes);
      if (!count || count.present + MP3_FRAME_SLACK >= count.declared) return null;
      const declared = Math.max(pcm.frames, count.declared * count.samplesPerFrame - count.trimmed);
      return cut('fewer MP3 frames than its Xing/Info frame declares', declared);
    }
    case 'ogg': {
      const ending = oggEnding(bytes);
      return ending && ending !== 'eos' ? cut(OGG_REASONS[ending], null) : null;
    }
    case 'other':
      return null;
  }
}

/** One line for a log or a report: "<reason>: declares 4.000 s, holds 1.600 s". */
export function describeTruncation({
  reason,
  declaredSeconds,
  presentSeconds,
}: Truncation): string {
  const declared =
    declaredSeconds === null
      ? 'its length is not declared'
      : `declares ${seconds(declaredSeconds)}`;
  return `${reason}: ${declared}, holds ${seconds(presentSeconds)}`;
}

function seconds(s: number): string {
  return `${s.toFixed(3)} s`;
}
