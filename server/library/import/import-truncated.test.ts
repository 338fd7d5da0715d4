import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createContext, type AppContext } from '../../context.ts';
import { openStorage, type Storage } from '../../db/open-storage.ts';
import { encodeAudition } from '../auditions/mp3-audition.ts';
import { buildWav } from '../../../src/wasm/testing/audio-fixtures.ts';
import { ffmpegEncode } from '../../../src/wasm/testing/ffmpeg-encoder.ts';
import { libflacEncode, testSignal } from '../../../src/wasm/testing/split-fixtures.ts';
import { cutAtOggPage, cutShare } from '../../../src/wasm/testing/truncated-audio.ts';
import { importFolder } from './import-folder.ts';

// docs/LIBRARY.md "Importer": a file shorter than its header declares is refused with TRUNCATED
// and both lengths, never stored shorter. The truncated files are cut here from whole files
// that real encoders wrote (libvorbis in @ffmpeg/core, libFLAC, the seed's MP3 encoder with its
// LAME Info frame), and the whole files must still import.

let ctx: AppContext;
let storage: Storage;
let dataDir: string;
let folder: string;
const bytesOf = new Map<string, Uint8Array>();

const tone = (seconds: number, rate = 44100) => testSignal(1, Math.round(seconds * rate), rate);
const vorbis = (seconds: number) =>
  ffmpegEncode([{ planes: tone(seconds), sampleRate: 44100 }], ['-c:a', 'libvorbis'], 'o.ogg');

function put(path: string, bytes: Uint8Array | string): void {
  const file = join(folder, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, bytes);
  if (typeof bytes !== 'string') bytesOf.set(path, bytes);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'yinku-import-cut-data-'));
  const config = { ...loadConfig({ YINKU_SONGS: 'off' }), port: 0, host: '127.0.0.1', dataDir };
  storage = await openStorage(config);
  ctx = await createContext(config, { storage });
  folder = mkdtempSync(join(tmpdir(), 'yinku-import-cut-'));
  const [ogg6, ogg12, flac] = await Promise.all([
    vorbis(6.128),
    vorbis(12),
    libflacEncode(testSignal(2, 4 * 44100, 44100), 44100),
  ]);
  const wav = buildWav(testSignal(2, 4 * 44100, 44100), { encoding: 'int', bits: 16 });
  const mp3 = encodeAudition(tone(4), 44100);
  put('whole/vorbis 6s.ogg', ogg6);
  put('whole/vorbis 12s.ogg', ogg12);
  put('whole/tone 4s.wav', wav);
  put('whole/tone 4s.flac', flac);
  put('whole/tone 4s.mp3', mp3);
  put('cut/vorbis 6s at 40%.ogg', cutShare(ogg6, 0.4));
  put('cut/vorbis 12s at a page.ogg', cutAtOggPage(ogg12, 0.5));
  put('cut/tone 4s at 40%.wav', cutShare(wav, 0.4));
  put('cut/tone 4s at 40%.flac', cutShare(flac, 0.4));
  put('cut/tone 4s at 40%.mp3', cutShare(mp3, 0.4));
  put('cut/readme.wav', `These samples are royalty free.\n${'-'.repeat(2000)}\n`);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(folder, { recursive: true, force: true });
});

describe('npm run import: truncated files', () => {
  it('reports each truncated file by name with TRUNCATED and both lengths, and adds none', async () => {
    const report = await importFolder(ctx, folder, {
      brand: 'Cut Kit',
      category: 'instruments',
      primaryName: 'Imported',
      secondaryName: 'Misc',
    });
    const reasons = Object.fromEntries(report.skipped.map((s) => [s.file, s.reason]));
    expect(Object.keys(reasons).sort()).toEqual([
      'cut/readme.wav',
      'cut/tone 4s at 40%.flac',
      'cut/tone 4s at 40%.mp3',
      'cut/tone 4s at 40%.wav',
      'cut/vorbis 12s at a page.ogg',
      'cut/vorbis 6s at 40%.ogg',
    ]);
    expect(reasons['cut/tone 4s at 40%.wav']).toMatch(
      /^TRUNCATED: the WAV data chunk .*: declares 4\.000 s, holds 1\.6\d\d s$/,
    );
    expect(reasons['cut/tone 4s at 40%.flac']).toMatch(
      /^TRUNCATED: fewer FLAC frames than STREAMINFO declares: declares 4\.000 s, holds 1\.\d{3} s$/,
    );
    expect(reasons['cut/tone 4s at 40%.mp3']).toMatch(
      /^TRUNCATED: fewer MP3 frames than its Xing\/Info frame declares: declares 4\.0\d\d s, holds 1\.\d{3} s$/,
    );
    expect(reasons['cut/vorbis 6s at 40%.ogg']).toMatch(
      /^TRUNCATED: the last Ogg page runs past the end of the file: its length is not declared, holds [12]\.\d{3} s$/,
    );
    expect(reasons['cut/vorbis 12s at a page.ogg']).toMatch(
      /^TRUNCATED: the Ogg stream ends without its end-of-stream page: .*, holds [4-7]\.\d{3} s$/,
    );
    expect(reasons['cut/readme.wav']).toBe('INVALID_AUDIO: a text file, not audio');

    // The whole files import, at their whole length; nothing of a cut file is stored.
    const stored = await storage.oracle.samples();
    const seconds = Object.fromEntries(stored.map((s) => [s.fileName, s.duration]));
    expect(seconds).toEqual({
      'vorbis 6s.ogg': 6.128,
      'vorbis 12s.ogg': 12,
      'tone 4s.wav': 4,
      'tone 4s.flac': 4,
      'tone 4s.mp3': expect.closeTo(4, 1),
    });
    const hashes = new Set(stored.map((s) => s.blobHash));
    for (const [path, bytes] of bytesOf)
      if (path.startsWith('cut/'))
        expect(hashes.has(createHash('sha256').update(bytes).digest('hex')), path).toBe(false);
    expect(
      hashes.has(createHash('sha256').update(bytesOf.get('whole/tone 4s.wav')!).digest('hex')),
    ).toBe(true);
  }, 120_000);
});
