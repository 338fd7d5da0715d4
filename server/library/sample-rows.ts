import { randomBytes } from 'node:crypto';
import type { SampleInsert, SampleSearchText } from './library.repository.ts';
import type { PlannedSample } from './demo/library-plan.ts';
import { AUDITION_VERSION } from './auditions/mp3-audition.ts';
import { BRANDS } from './demo/packs.ts';

/** The search text of a sample: every field holds the English and Chinese names. */
export function searchText(
  sample: PlannedSample,
  nameEn = sample.nameEn,
  nameZh = sample.nameZh,
): SampleSearchText {
  const brand = BRANDS[sample.pack.brand]!;
  return {
    name: `${nameEn} ${nameZh}`,
    brand: `${brand.name} ${brand.zh}`,
    pack: `${sample.pack.nameEn} ${sample.pack.nameZh}`,
    type: `${sample.pack.primary.name} ${sample.pack.primary.zh}`,
    grp: `${sample.secondary.name} ${sample.secondary.zh}`,
  };
}

/** The sample row for a planned sample whose audio is stored. */
export function sampleRow(
  sample: PlannedSample,
  stored: {
    wavHash: string;
    /** The audition's blob; null until it is encoded (then the code is null too). */
    mp3Hash: string | null;
    sizeBytes: number;
    duration: number;
    peaks: Uint8Array;
  },
  auditionCode: string | null,
): SampleInsert {
  return {
    packCode: sample.pack.code,
    nameEn: sample.nameEn,
    nameZh: sample.nameZh,
    category: sample.pack.category,
    primaryName: sample.pack.primary.name,
    secondaryName: sample.secondary.name,
    audioKey: sample.key,
    bpm: sample.bpm,
    kind: sample.kind,
    format: 'wav',
    mediaType: 'audio/wav',
    sampleRate: sample.job.sampleRate,
    channels: sample.job.channels,
    bitDepth: sample.job.bitDepth,
    sizeBytes: stored.sizeBytes,
    duration: Math.round(stored.duration * 1000) / 1000,
    tags: sample.tags,
    blobHash: stored.wavHash,
    fileName: sample.fileName,
    auditionCode,
    auditionHash: stored.mp3Hash,
    auditionVersion: stored.mp3Hash ? AUDITION_VERSION : null,
    peaks: stored.peaks,
    popularity: sample.popularity,
    createdAt: sample.createdAt,
    // The generator's metadata is complete: its "no key" for a kick is an answer too.
    keySource: 'pack',
    bpmSource: 'pack',
    kindSource: 'pack',
    analysis: null,
  };
}

// Random bytes drawn 4 KiB at a time: one randomBytes call per code cost ~7 µs, most of the
// time of cloning a row into the `huge` library.
const pool = { bytes: Buffer.alloc(0), used: 0 };

/** A short random URL-safe code for public audition links (unguessable, 11 characters). */
export function newAuditionCode(): string {
  if (pool.used + 8 > pool.bytes.length) {
    pool.bytes = randomBytes(4096);
    pool.used = 0;
  }
  pool.used += 8;
  return pool.bytes.toString('base64url', pool.used - 8, pool.used);
}
