// @vitest-environment node
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../../shared/bytes.ts';
import { createZipDownloadTarget, type ZipSink } from './zip-download-target.ts';

const wav = (byte: number, size = 3000) => new Blob([new Uint8Array(size).fill(byte)]);
const request = (fileName: string, byte: number, pack = 'Drum Pack') => ({
  folders: ['sounds', 'packs', 'Yinku Labs', 'Drums'],
  fileName,
  brand: 'Yinku Labs',
  pack,
  data: wav(byte),
});

/** A sink that keeps every chunk as it is read, like a browser download writing to disk. */
function collectingSink() {
  const chunks: Uint8Array[] = [];
  let name = '';
  const sink: ZipSink = async (stream, fileName) => {
    name = fileName;
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  };
  const bytes = () => concatBytes(chunks);
  return { sink, chunks, bytes, name: () => name };
}

describe('zip download target', () => {
  it('lays files out {brand}/{pack}/{name}.wav in one zip, numbering repeats', async () => {
    const out = collectingSink();
    const target = createZipDownloadTarget('Golden Koi 鼓组', out.sink);
    const saved = await Promise.all([
      target.save(request('Kick 1.wav', 1)),
      target.save(request('Kick 1.wav', 2)),
      target.save(request('Snare 2.wav', 3, 'Other/Pack')),
    ]);
    await target.finish!();
    expect(out.name()).toBe('Golden Koi 鼓组.zip');
    expect(target.describe!()).toBe('Golden Koi 鼓组.zip');
    const files = unzipSync(out.bytes());
    expect(Object.keys(files).sort()).toEqual([
      'Yinku Labs/Drum Pack/Kick 1 (2).wav',
      'Yinku Labs/Drum Pack/Kick 1.wav',
      'Yinku Labs/Other_Pack/Snare 2.wav',
    ]);
    expect(files['Yinku Labs/Drum Pack/Kick 1 (2).wav']).toEqual(new Uint8Array(3000).fill(2));
    expect(saved.map((s) => s.userFilePath)).toEqual([
      'Golden Koi 鼓组.zip/Yinku Labs/Drum Pack/Kick 1.wav',
      'Golden Koi 鼓组.zip/Yinku Labs/Drum Pack/Kick 1 (2).wav',
      'Golden Koi 鼓组.zip/Yinku Labs/Other_Pack/Snare 2.wav',
    ]);
  });

  it('streams: the first file is out before the second is even saved', async () => {
    const out = collectingSink();
    const target = createZipDownloadTarget('pack', out.sink);
    await target.save(request('a.wav', 7));
    // The first save resolved: its bytes were read out of the zip, with nothing after them yet.
    const sent = out.chunks.reduce((n, c) => n + c.length, 0);
    expect(sent).toBeGreaterThanOrEqual(3000);
    await target.save(request('b.wav', 8));
    await target.finish!();
    expect(Object.keys(unzipSync(out.bytes()))).toEqual([
      'Yinku Labs/Drum Pack/a.wav',
      'Yinku Labs/Drum Pack/b.wav',
    ]);
  });

  it('a run that saves nothing starts no download', async () => {
    let started = false;
    const target = createZipDownloadTarget('pack', async () => {
      started = true;
    });
    await target.finish!();
    expect(started).toBe(false);
  });

  it('when the download stops, waiting and later saves fail (so the flow rolls them back)', async () => {
    const sink: ZipSink = async (stream) => {
      const reader = stream.getReader();
      await reader.read();
      await reader.cancel();
      throw new DOMException('The download was cancelled', 'AbortError');
    };
    const target = createZipDownloadTarget('pack', sink);
    const first = target.save(request('a.wav', 1));
    const second = target.save(request('b.wav', 2));
    await expect(second).rejects.toThrow();
    await first.catch(() => {});
    await expect(target.save(request('c.wav', 3))).rejects.toThrow();
    await expect(target.finish!()).rejects.toThrow('cancelled');
  });
});
