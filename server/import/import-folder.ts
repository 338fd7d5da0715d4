import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import type { AppContext } from '../context.ts';
import { encodePeaks } from '../library/peaks.ts';
import { newAuditionCode } from '../library/sample-rows.ts';
import { encodeAudition } from '../seed/mp3-audition.ts';
import { renderCover } from '../seed/png-cover.ts';
import { AudioError } from '../../src/shared/audio/audio-errors.ts';
import type { Category } from '../../src/shared/api/catalogue.types.ts';
import type { SniffedFormat } from '../../src/shared/audio/worker-protocol.ts';
import { DEFAULTS } from '../../src/shared/constants.ts';
import { decodeAudio } from '../../src/wasm/decode-audio.ts';
import { computePeaks } from '../../src/wasm/pcm/compute-peaks.ts';

/** File extensions the importer looks at (the format itself is sniffed from the bytes). */
const IMPORT_EXTENSIONS = [
  '.wav',
  '.wave',
  '.aif',
  '.aiff',
  '.aifc',
  '.flac',
  '.mp3',
  '.ogg',
  '.oga',
];

const MEDIA_TYPES: Record<Exclude<SniffedFormat, 'other'>, string> = {
  wav: 'audio/wav',
  aiff: 'audio/aiff',
  flac: 'audio/flac',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
};

/** Where imported samples go in the catalogue. */
export interface ImportOptions {
  brand: string;
  category: Category;
  primaryName: string;
  secondaryName: string;
  /** Called after each file, for a progress bar. */
  onProgress?: (done: number, total: number, file: string) => void;
}

/** What happened to each file. */
interface ImportReport {
  imported: { file: string; id: number }[];
  skipped: { file: string; reason: string }[];
}

/** Every audio file under `root`, recursively, sorted; symlinks are not followed. */
function findAudioFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && IMPORT_EXTENSIONS.includes(extname(entry.name).toLowerCase()))
        out.push(path);
    }
  };
  walk(root);
  return out;
}

/**
 * Imports every audio file under `root`: each folder becomes a pack of `options.brand`; each
 * file is decoded (to check it and read its duration, rate, channels and bit depth), gets 256
 * peaks and an MP3 audition, and is inserted in its own transaction. A file that fails any step
 * is reported and skipped — nothing of it reaches the catalogue. A file already imported
 * (same bytes) is skipped too.
 */
export async function importFolder(
  ctx: AppContext,
  root: string,
  options: ImportOptions,
): Promise<ImportReport> {
  if (!statSync(root).isDirectory()) throw new Error(`${root} is not a folder`);
  const files = findAudioFiles(root);
  const report: ImportReport = { imported: [], skipped: [] };
  const library = ctx.repo.library;
  const now = new Date(ctx.clock.now()).toISOString();
  const packs = new Map<string, string>();
  // The category tree lists only names it knows: add ours (after the built-in ones) if missing.
  const { category, primaryName, secondaryName } = options;
  await library.writeBatch({
    taxonomy: [
      { category, primaryName, secondaryName: '', nameZh: primaryName, position: 10_000 },
      { category, primaryName, secondaryName, nameZh: secondaryName, position: 10_001 },
    ],
  });
  for (const [index, file] of files.entries()) {
    const name = relative(root, file);
    try {
      const bytes = new Uint8Array(readFileSync(file));
      const hash = createHash('sha256').update(bytes).digest('hex');
      if (await library.hasSampleWithBlob(hash)) throw new Error('already in the library');
      const audio = await describe(bytes);
      const packCode = await packFor(ctx, packs, root, file, options, now);
      const stem = basename(file, extname(file));
      const [id] = await library.writeBatch({
        samples: [
          {
            packCode,
            nameEn: stem,
            nameZh: stem,
            category: options.category,
            primaryName: options.primaryName,
            secondaryName: options.secondaryName,
            audioKey: null,
            bpm: null,
            kind: audio.kind,
            format: audio.format,
            mediaType: MEDIA_TYPES[audio.format],
            sampleRate: audio.sampleRate,
            channels: audio.channels,
            bitDepth: audio.bitDepth,
            sizeBytes: bytes.byteLength,
            duration: Math.round(audio.duration * 1000) / 1000,
            tags: [audio.format, audio.kind],
            blobHash: ctx.blobs.put(bytes),
            fileName: basename(file),
            auditionCode: newAuditionCode(),
            auditionHash: ctx.blobs.put(audio.audition),
            peaks: encodePeaks(audio.peaks),
            popularity: 0,
            createdAt: now,
            search: {
              name: stem,
              brand: options.brand,
              pack: basename(join(file, '..')),
              type: options.primaryName,
              grp: options.secondaryName,
            },
          },
        ],
      });
      report.imported.push({ file: name, id: id! });
    } catch (error) {
      const reason =
        error instanceof AudioError ? `${error.code}: ${error.message}` : (error as Error).message;
      report.skipped.push({ file: name, reason });
    }
    options.onProgress?.(index + 1, files.length, name);
  }
  return report;
}

/** Decodes and measures one file; throws AudioError for anything that is not playable audio. */
async function describe(bytes: Uint8Array) {
  if (bytes.length < DEFAULTS.minAudioBytes)
    throw new AudioError(
      'INVALID_AUDIO',
      `${bytes.length} bytes (minimum ${DEFAULTS.minAudioBytes})`,
    );
  const pcm = await decodeAudio(bytes);
  if (pcm.format === 'other')
    throw new AudioError('UNSUPPORTED_FORMAT', 'not WAV, AIFF, FLAC, MP3 or Ogg Vorbis');
  const duration = pcm.frames / pcm.sampleRate;
  return {
    format: pcm.format,
    sampleRate: pcm.sampleRate,
    channels: pcm.channels.length,
    bitDepth: pcm.bitDepth,
    duration,
    // Loops are long; one-shots are short hits (a rule of thumb: the file carries no tag for it).
    kind: duration >= 4 ? ('loop' as const) : ('oneshot' as const),
    peaks: computePeaks(pcm.channels, DEFAULTS.spectrumPeaks),
    audition: encodeAudition(pcm.channels, pcm.sampleRate),
  };
}

/** The pack of a file's folder, made on first use (code from the folder path, cover generated). */
async function packFor(
  ctx: AppContext,
  packs: Map<string, string>,
  root: string,
  file: string,
  options: ImportOptions,
  now: string,
): Promise<string> {
  const dir = join(file, '..');
  const existing = packs.get(dir);
  if (existing) return existing;
  const digest = createHash('sha256')
    .update(`${options.brand}\0${relative(root, dir) || basename(root)}`)
    .digest('hex');
  const code = `imp-${digest.slice(0, 12)}`;
  if (!(await ctx.repo.library.hasPack(code))) {
    const name = relative(root, dir) || basename(root);
    await ctx.repo.library.writeBatch({
      brands: [{ name: options.brand, nameZh: options.brand }],
      packs: [
        {
          code,
          nameEn: name,
          nameZh: name,
          descriptionEn: `Imported from ${name}`,
          descriptionZh: `导入自 ${name}`,
          brand: options.brand,
          category: options.category,
          primaryName: options.primaryName,
          coverHash: ctx.blobs.put(renderCover(parseInt(digest.slice(0, 8), 16), options.category)),
          tags: [],
          popularity: 0,
          createdAt: now,
        },
      ],
    });
  }
  packs.set(dir, code);
  return code;
}
