// Types and helpers for the category tree's data (taxonomy-instruments.ts, taxonomy-styles.ts).
import type { Category } from '../../../src/shared/api/catalogue.types.ts';

/** How the samples under one secondary name are made and named. */
export interface SecondaryDef {
  name: string;
  zh: string;
  voice: string;
  kind: 'oneshot' | 'loop';
  /** One-shot length range in seconds. */
  seconds: [number, number];
  /** Has a musical key. */
  tonal: boolean;
  /** Probability that a file is stereo. */
  stereo: number;
  /** Variant hints the voice understands, picked at random. */
  variants?: string[];
  /** Noun used in sample names, e.g. ["Kick", "底鼓"]. */
  noun: [string, string];
  /** Whether names take an adjective ("Deep Kick") or stand alone ("Guzheng Gliss"). */
  adjective: boolean;
  tags: string[];
}

/** A primary name with its secondary names. */
export interface PrimaryDef {
  category: Category;
  name: string;
  zh: string;
  /** Loop style for genre packs (hip-hop, trap, pop, rnb, edm); '' otherwise. */
  style: string;
  children: SecondaryDef[];
}

/** One secondary name: English, Chinese, voice, one-shot length range, overrides. */
export type Row = [
  name: string,
  zh: string,
  voice: string,
  seconds: [number, number],
  options?: Partial<SecondaryDef>,
];

/** Secondary definitions from rows, with shared defaults. */
export function children(rows: Row[], defaults: Partial<SecondaryDef>): SecondaryDef[] {
  return rows.map(([name, zh, voice, seconds, options]) => ({
    name,
    zh,
    voice,
    seconds,
    kind: 'oneshot',
    tonal: false,
    stereo: 0.2,
    noun: [name, zh],
    adjective: true,
    tags: [name.toLowerCase()],
    ...defaults,
    ...options,
  }));
}

/** Override for secondary names with a musical key. */
export const tonal = { tonal: true };

/** A genre: drum, bass, melodic and vocal loops in the genre's style and tempo. */
export function genre(name: string, zh: string, style: string, styleTags: string[]): PrimaryDef {
  const loop = { kind: 'loop' as const, stereo: 1, seconds: [0, 0] as [number, number] };
  return {
    category: 'genres',
    name,
    zh,
    style,
    children: children(
      [
        [
          'Drum Loops',
          '鼓组循环',
          'drumLoop',
          [0, 0],
          { noun: [`${name} Drums`, `${zh}鼓组`], tags: ['drums', 'drum loop'] },
        ],
        [
          'Bass Loops',
          '贝斯循环',
          'bassLoop',
          [0, 0],
          { ...tonal, noun: [`${name} Bass`, `${zh}贝斯`], tags: ['bass', 'bass loop'] },
        ],
        [
          'Melodic Loops',
          '旋律循环',
          'melodicLoop',
          [0, 0],
          { ...tonal, noun: [`${name} Keys`, `${zh}旋律`], tags: ['melodic', 'keyboard'] },
        ],
        [
          'Vocals',
          '人声',
          'vocalLoop',
          [0, 0],
          {
            ...tonal,
            noun: [`${name} Vocal Chops`, `${zh}人声切片`],
            tags: ['vocals', 'chop'],
          },
        ],
      ],
      loop,
    ).map((child) => ({ ...child, tags: [...styleTags, ...child.tags] })),
  };
}
