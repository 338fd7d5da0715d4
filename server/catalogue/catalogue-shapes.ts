import { API } from '../../src/shared/api/paths.ts';
import type { DetectedField, Pack, Sample } from '../../src/shared/api/catalogue.types.ts';
import type { Language } from '../../src/shared/languages.ts';
import type { PackRow, SampleRow } from './catalogue.repository.ts';

const pick = (language: Language, zh: string, en: string): string =>
  language === 'zh' ? zh || en : en || zh;

/** A stored sample as the API answers it (docs/PRODUCT.md §3, docs/api/catalogue.md), named in `language`. */
export function toSample(row: SampleRow, language: Language): Sample {
  const sample: Sample = {
    id: row.id,
    icon: API.packCover(row.packCode),
    audioName: pick(language, row.nameZh, row.nameEn),
    names: { zh: row.nameZh, en: row.nameEn },
    audioKey: row.audioKey,
    audioBpm: row.bpm,
    audioBrand: row.brand,
    audioType: row.primaryName,
    audioGroup: row.secondaryName,
    category: row.category,
    audioData: {
      format: row.format,
      sampleRate: row.sampleRate,
      channels: row.channels,
      bitDepth: row.bitDepth,
      sizeBytes: row.sizeBytes,
      tags: row.tags,
      kind: row.kind,
    },
    download: row.owned,
    likes: row.liked,
    relayAudioUrl: API.play(row.id),
    duration: row.duration,
    packCode: row.packCode,
    packName: pick(language, row.packNameZh, row.packNameEn),
    popularity: row.popularity,
    createdAt: row.createdAt,
  };
  if (row.auditionCode !== null) sample.auditionCode = row.auditionCode;
  // Only values shown carry the mark: a detected key or BPM that is there.
  const detected: DetectedField[] = [];
  if (row.keyDetected && row.audioKey !== null) detected.push('key');
  if (row.bpmDetected && row.bpm !== null) detected.push('bpm');
  if (detected.length > 0) sample.detected = detected;
  if (row.userFilePath !== null) sample.userFilePath = row.userFilePath;
  // Matched loudness in the player (docs/AUDIO.md, "My beat").
  if (row.lufs !== null) sample.audioData.lufs = row.lufs;
  if (row.truePeakDb !== null) sample.audioData.truePeakDb = row.truePeakDb;
  return sample;
}

/** A stored pack as the API answers it, named in `language`. */
export function toPack(row: PackRow, language: Language): Pack {
  return {
    packCode: row.code,
    name: pick(language, row.nameZh, row.nameEn),
    names: { zh: row.nameZh, en: row.nameEn },
    description: pick(language, row.descriptionZh, row.descriptionEn),
    brand: row.brand,
    category: row.category,
    primaryName: row.primaryName,
    cover: API.packCover(row.code),
    sampleCount: row.sampleCount,
    tags: row.tags,
    download: row.sampleCount > 0 && row.ownedCount >= row.sampleCount,
    likes: row.liked,
    popularity: row.popularity,
    createdAt: row.createdAt,
  };
}
