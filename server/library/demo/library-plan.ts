// The library plan: which brands, packs and samples a library size holds, with names, tags,
// keys, tempos, formats and the render job of every sample. Pure and deterministic.
import type { LibrarySize } from '../../config.ts';
import {
  MUSICAL_KEYS,
  type Category,
  type MusicalKey,
  type SampleKind,
} from '../../../src/shared/api/catalogue.types.ts';
import { canonicalTags } from '../../catalogue/tag-vocabulary.ts';
import { BRANDS, packsOf, type PackDef } from './packs.ts';
import { Rng, hashSeed } from '../../synth/prng.ts';
import type { RenderJob } from '../../synth/render-sample.ts';
import { TAXONOMY, type PrimaryDef, type SecondaryDef } from './taxonomy.ts';

/** A pack as it will be inserted (cover rendered from `coverSeed`). */
export interface PlannedPack {
  code: string;
  nameEn: string;
  nameZh: string;
  descriptionEn: string;
  descriptionZh: string;
  brand: number;
  category: Category;
  primary: PrimaryDef;
  tags: string[];
  popularity: number;
  createdAt: string;
  coverSeed: number;
}

/** A sample as it will be inserted, with the job that renders its audio. */
export interface PlannedSample {
  pack: PlannedPack;
  secondary: SecondaryDef;
  nameEn: string;
  nameZh: string;
  key: MusicalKey | null;
  bpm: number | null;
  kind: SampleKind;
  tags: string[];
  fileName: string;
  popularity: number;
  createdAt: string;
  job: RenderJob;
}

/** Everything a library size holds. */
export interface LibraryPlan {
  packs: PlannedPack[];
  samples: PlannedSample[];
}

// Samples per pack (by primary name) of the `tiny` size: every category, every preset suggestion.
const TINY: Record<string, number> = {
  Drums: 6,
  Bass: 3,
  Synth: 4,
  Keyboard: 3,
  Guitar: 3,
  Percussion: 3,
  Vocals: 3,
  'Hip-Hop': 2,
  Trap: 2,
  Pop: 2,
  'R&B': 2,
  EDM: 2,
  Impacts: 2,
  Risers: 2,
  Guzheng: 2,
  Erhu: 2,
  'Gongs & Percussion': 3,
};

// Adjectives that describe a hit (drums, percussion) and ones that describe a tone or a groove.
const HIT_ADJECTIVES: Array<[string, string]> = [
  ['Deep', '深沉'],
  ['Punchy', '有力'],
  ['Crisp', '清脆'],
  ['Heavy', '厚重'],
  ['Gritty', '粗粝'],
  ['Tight', '紧实'],
  ['Vintage', '复古'],
  ['Dusty', '尘封'],
  ['Snappy', '利落'],
  ['Boomy', '轰鸣'],
];
const TONE_ADJECTIVES: Array<[string, string]> = [
  ['Warm', '温暖'],
  ['Bright', '明亮'],
  ['Dark', '暗黑'],
  ['Smooth', '顺滑'],
  ['Airy', '空灵'],
  ['Lush', '丰满'],
  ['Dreamy', '梦幻'],
  ['Hazy', '朦胧'],
  ['Velvet', '丝绒'],
  ['Golden', '金色'],
  ['Midnight', '午夜'],
  ['Neon', '霓虹'],
];

const BPM_RANGES: Record<string, [number, number]> = {
  'hip-hop': [84, 96],
  trap: [130, 150],
  pop: [100, 124],
  rnb: [68, 92],
  edm: [124, 128],
};

const DAY = 86_400_000;

/** Lower-case URL-safe slug of a name ("R&B" → "r-b"). */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function samplesPerPack(size: LibrarySize, primary: string, packIndex: number): number {
  if (size === 'tiny') return packIndex === 0 ? (TINY[primary] ?? 0) : 0;
  if (size === 'small') return packIndex === 0 ? 9 : 0;
  return 24;
}

/** Popularity with a long tail: a few favourites, many rarely played. */
function popularity(rng: Rng): number {
  return Math.round(20 + 9000 * rng.next() ** 4 + rng.int(0, 60));
}

/** Plans the library of `size` (for `large`, the base pool that is cloned to 100k rows). */
export function planLibrary(size: LibrarySize, nowMs: number): LibraryPlan {
  const packs: PlannedPack[] = [];
  const samples: PlannedSample[] = [];
  if (size === 'none') return { packs, samples };
  for (const primary of TAXONOMY) {
    // Numbers run on across the packs of a primary name, so every sample name (and file name) is unique.
    const numbers = new Map<string, number>();
    packsOf(primary.name).forEach((def, packIndex) => {
      const count = samplesPerPack(size, primary.name, packIndex);
      if (count === 0) return;
      const pack = planPack(def, primary, count, nowMs);
      packs.push(pack);
      for (let i = 0; i < count; i++) {
        const secondary = primary.children[i % primary.children.length]!;
        const n = (numbers.get(secondary.name) ?? 0) + 1;
        numbers.set(secondary.name, n);
        samples.push(planSample(pack, secondary, n, size === 'tiny' || size === 'small'));
      }
    });
  }
  return { packs, samples };
}

function planPack(def: PackDef, primary: PrimaryDef, count: number, nowMs: number): PlannedPack {
  const rng = new Rng(hashSeed(`pack:${def.name}`));
  const brand = BRANDS[def.brand]!;
  const primaryTag = primary.name.toLowerCase();
  return {
    code: slug(def.name),
    nameEn: def.name,
    nameZh: def.zh,
    descriptionEn: `${def.name} by ${brand.name}: ${def.mood[0]}. ${count} ${primary.name} samples as WAV (44.1/48 kHz, 16/24-bit), with keys and tempos labelled.`,
    descriptionZh: `${brand.zh}出品《${def.zh}》：${def.mood[1]}。收录 ${count} 个${primary.zh}素材，WAV 格式（44.1/48 kHz，16/24 位），标注调性与速度。`,
    brand: def.brand,
    category: primary.category,
    primary,
    tags: canonicalTags([primaryTag, ...def.tags]),
    popularity: popularity(rng) * 3,
    createdAt: new Date(nowMs - Math.round(rng.range(20, 720)) * DAY).toISOString(),
    coverSeed: hashSeed(`cover:${def.name}`),
  };
}

function planSample(
  pack: PlannedPack,
  secondary: SecondaryDef,
  n: number,
  short: boolean,
): PlannedSample {
  const seed = hashSeed(`sample:${pack.code}:${secondary.name}:${n}`);
  const rng = new Rng(seed);
  const style = pack.primary.style || 'edm';
  const key = secondary.tonal ? pickKey(rng, style) : null;
  const loop = secondary.kind === 'loop';
  const bpm = loop ? rng.int(...(BPM_RANGES[style] ?? [120, 128])) : null;
  const bars = bpm ? pickBars(rng, bpm, short) : null;
  const adjectives = secondary.tonal ? TONE_ADJECTIVES : HIT_ADJECTIVES;
  const [adjEn, adjZh] = secondary.adjective ? rng.pick(adjectives) : ['', ''];
  const number = String(n).padStart(2, '0');
  const nounEn = [adjEn, secondary.noun[0]].filter(Boolean).join(' ');
  const nounZh = `${adjZh}${secondary.noun[1]}`;
  // A name says what the sound is; tempo and key have their own columns and filters, so the
  // name does not repeat them. The file name does (a DAW's browser shows only the file name).
  const nameEn = `${nounEn} ${number}`;
  const nameZh = `${nounZh} ${number}`;
  const fileName = [nameEn, bpm && `${bpm} BPM`, key].filter(Boolean).join(' ');
  const stereo = rng.chance(secondary.stereo);
  const createdMs = Date.parse(pack.createdAt) + rng.int(0, 14 * 24 * 60) * 60_000;
  return {
    pack,
    secondary,
    nameEn,
    nameZh,
    key,
    bpm,
    kind: secondary.kind,
    tags: canonicalTags([...secondary.tags, ...pack.tags.slice(1, 3)]),
    fileName: `${fileName}.wav`,
    popularity: popularity(rng),
    createdAt: new Date(createdMs).toISOString(),
    job: {
      voice: secondary.voice,
      seed,
      kind: secondary.kind,
      sampleRate: rng.chance(0.7) ? 44100 : 48000,
      channels: stereo ? 2 : 1,
      bitDepth: rng.chance(0.55) ? 24 : 16,
      // The test sizes take the short end so a test gateway starts in a couple of seconds.
      seconds: short
        ? Math.min(secondary.seconds[0], 1.5)
        : Math.round(rng.range(...secondary.seconds) * 100) / 100,
      key,
      bpm,
      bars,
      style,
      variant: secondary.variants ? rng.pick(secondary.variants) : '',
    },
  };
}

function pickKey(rng: Rng, style: string): MusicalKey {
  // Trap, hip-hop and cinematic material leans minor, as it does in real libraries.
  const minor = rng.chance(style === 'trap' || style === 'hip-hop' ? 0.8 : 0.5);
  const keys = MUSICAL_KEYS.filter((k) => k.endsWith('m') === minor);
  return rng.pick(keys);
}

/**
 * Bar counts whose loop length lies within 2–8 s, preferring loops up to 5.5 s (they keep the
 * first start fast); `short` takes the shortest (test sizes).
 */
function pickBars(rng: Rng, bpm: number, short: boolean): number {
  const fits = [1, 2, 4, 8].filter((bars) => {
    const seconds = (bars * 240) / bpm;
    return seconds >= 2 && seconds <= 8;
  });
  const compact = fits.filter((bars) => (bars * 240) / bpm <= 5.5);
  return short ? fits[0]! : rng.pick(compact.length > 0 ? compact : fits);
}
