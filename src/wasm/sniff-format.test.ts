import { describe, expect, it } from 'vitest';
import { AudioError } from '../shared/audio/audio-errors.ts';
import { sniffFormat } from './sniff-format.ts';

/** An Ogg first page (one segment) whose body starts with `id`. */
function oggPage(id: string): Uint8Array {
  const page = new Uint8Array(27 + 1 + 40);
  page.set(Uint8Array.from('OggS', (c) => c.charCodeAt(0)));
  page[26] = 1;
  page[27] = 40;
  page.set(
    Uint8Array.from(id, (c) => c.charCodeAt(0)),
    28,
  );
  return page;
}

describe('sniffFormat on Ogg', () => {
  it('names Vorbis ours and Opus / FLAC / Speex ffmpeg’s', () => {
    expect(sniffFormat(oggPage('\u0001vorbis'))).toBe('ogg');
    for (const id of ['OpusHead', '\u007fFLAC', 'Speex   '])
      expect(sniffFormat(oggPage(id))).toBe('other');
  });

  // Found by the audio payload fuzzer: a WAV whose magic became OggS went to ffmpeg (cold start
  // of its WASM in the worker) and the job took 2.9 s; it is unsupported at once now.
  it('refuses an Ogg stream of an unknown codec without ffmpeg', () => {
    const wavBody = oggPage('WAVEfmt ');
    expect(() => sniffFormat(wavBody)).toThrow(AudioError);
    try {
      sniffFormat(wavBody);
    } catch (error) {
      expect((error as AudioError).code).toBe('UNSUPPORTED_FORMAT');
    }
  });
});
