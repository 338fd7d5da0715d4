import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Mp3Encoder } from '@breezystack/lamejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../../src/shared/api/paths.ts';
import type { ListPage } from '../../../src/shared/api/envelope.ts';
import type { Sample, Spectrum } from '../../../src/shared/api/catalogue.types.ts';
import { decodeAudio } from '../../../src/wasm/decode-audio.ts';
import { buildAifc, buildWav, referenceSignal } from '../../../src/wasm/testing/audio-fixtures.ts';
import { encodeFlac16 } from '../../../src/wasm/testing/flac-encoder.ts';
import { importFolder, type ImportOptions } from './import-folder.ts';
import { startImportGateway, type ImportGateway } from './testing/import-gateway.ts';

let gateway: ImportGateway;
let folder: string;
const options: ImportOptions = {
  brand: 'Field Kit',
  category: 'instruments',
  primaryName: 'Imported',
  secondaryName: 'Misc',
};

function mp3(seconds: number): Uint8Array {
  const rate = 44100;
  const pcm = Int16Array.from({ length: rate * seconds }, (_, i) =>
    Math.round(9000 * Math.sin((2 * Math.PI * 330 * i) / rate)),
  );
  const enc = new Mp3Encoder(1, rate, 128);
  return Buffer.concat(
    [enc.encodeBuffer(pcm), enc.flush()].map(
      (p) => new Uint8Array(p.buffer, p.byteOffset, p.byteLength),
    ),
  );
}

function put(path: string, bytes: Uint8Array | string): void {
  mkdirSync(join(folder, path, '..'), { recursive: true });
  writeFileSync(join(folder, path), bytes);
}

const getJson = <T>(path: string) => gateway.getJson<T>(path);

beforeAll(async () => {
  gateway = await startImportGateway('import');
  folder = gateway.folder;
  put('drums/kick.wav', buildWav(referenceSignal(2, 22050, 44100), { encoding: 'int', bits: 16 }));
  put('drums/more/snare.aiff', buildAifc(referenceSignal(1, 24000, 48000), 'fl32'));
  put('keys/pad.flac', encodeFlac16(referenceSignal(2, 44100 * 5, 44100), 44100));
  put('keys/lead.mp3', mp3(1));
  put(
    'bad/broken.wav',
    Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEjunk'), Buffer.alloc(3000, 7)]),
  );
  put('bad/tiny.wav', buildWav(referenceSignal(1, 100, 44100), { encoding: 'int', bits: 8 }));
  put('bad/page.mp3', `<!doctype html><h1>Not found</h1>${'.'.repeat(2000)}`);
  put('notes.txt', 'not audio');
});

afterAll(async () => {
  await gateway?.close();
});

describe('npm run import', () => {
  it('imports good files with metadata, peaks and an audition; reports and skips bad ones', async () => {
    const progress: number[] = [];
    const report = await importFolder(gateway.ctx, folder, {
      ...options,
      onProgress: (done) => progress.push(done),
    });
    expect(report.imported.map((i) => i.file).sort()).toEqual([
      'drums/kick.wav',
      'drums/more/snare.aiff',
      'keys/lead.mp3',
      'keys/pad.flac',
    ]);
    expect(Object.fromEntries(report.skipped.map((s) => [s.file, s.reason.split(':')[0]]))).toEqual(
      {
        'bad/broken.wav': 'INVALID_AUDIO',
        'bad/page.mp3': 'INVALID_AUDIO',
        'bad/tiny.wav': 'INVALID_AUDIO',
      },
    );
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7]);

    const page = await getJson<ListPage<Sample>>(
      `${API.audios}?range=samples&primaryName=Imported&pageSize=100`,
    );
    expect(page.total).toBe(4);
    const byName = Object.fromEntries(page.records.map((r) => [r.audioName, r]));
    expect(byName.kick!.audioData).toMatchObject({
      format: 'wav',
      sampleRate: 44100,
      channels: 2,
      bitDepth: 16,
      kind: 'oneshot',
    });
    expect(byName.kick!.duration).toBeCloseTo(0.5, 3);
    expect(byName.snare!.audioData).toMatchObject({
      format: 'aiff',
      sampleRate: 48000,
      channels: 1,
      bitDepth: 32,
    });
    expect(byName.pad!.audioData).toMatchObject({
      format: 'flac',
      sampleRate: 44100,
      channels: 2,
      bitDepth: 16,
      kind: 'loop',
    });
    expect(byName.lead!.audioData).toMatchObject({ format: 'mp3', sampleRate: 44100, channels: 1 });
    expect(byName.kick!.audioBrand).toBe('Field Kit');
    expect(new Set(page.records.map((r) => r.packCode)).size).toBe(3); // drums, drums/more, keys

    const spectrum = await getJson<Spectrum>(API.spectrum(byName.pad!.id));
    expect(spectrum.peaks).toHaveLength(256);
    expect(Math.max(...spectrum.peaks)).toBeGreaterThan(0.7);
    const audition = await fetch(`${gateway.url}${API.audition(byName.pad!.auditionCode!)}`);
    expect(audition.headers.get('content-type')).toContain('audio/mpeg');
    const preview = await decodeAudio(new Uint8Array(await audition.arrayBuffer()));
    expect(preview.frames / preview.sampleRate).toBeGreaterThan(4.9);
  });

  it('importing the same folder again adds nothing', async () => {
    const report = await importFolder(gateway.ctx, folder, options);
    expect(report.imported).toHaveLength(0);
    expect(report.skipped.filter((s) => s.reason === 'already in the library')).toHaveLength(4);
    const page = await getJson<ListPage<Sample>>(
      `${API.audios}?range=samples&primaryName=Imported`,
    );
    expect(page.total).toBe(4);
  });

  it('refuses a path that is not a folder', async () => {
    await expect(importFolder(gateway.ctx, join(folder, 'notes.txt'), options)).rejects.toThrow(
      /not a folder/,
    );
  });
});
