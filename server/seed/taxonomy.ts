// The category tree of the demo library (SPEC §2): category → primary → secondary names, in
// English and Chinese, with the synth voice and shape of the samples under each secondary name.
import type { Category } from '../../src/shared/api/catalogue.types.ts';

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

type Row = [
  name: string,
  zh: string,
  voice: string,
  seconds: [number, number],
  options?: Partial<SecondaryDef>,
];

function children(rows: Row[], defaults: Partial<SecondaryDef>): SecondaryDef[] {
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

const tonal = { tonal: true };

function genre(name: string, zh: string, style: string, styleTags: string[]): PrimaryDef {
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
          { ...tonal, noun: [`${name} Keys`, `${zh}旋律`], tags: ['melodic', 'keys'] },
        ],
        [
          'Vocals',
          '人声',
          'vocalLoop',
          [0, 0],
          {
            ...tonal,
            noun: [`${name} Vocal Chops`, `${zh}人声切片`],
            tags: ['vocals', 'vocal chops'],
          },
        ],
      ],
      loop,
    ).map((child) => ({ ...child, tags: [...styleTags, ...child.tags] })),
  };
}

/** The whole tree, in display order. */
export const TAXONOMY: PrimaryDef[] = [
  {
    category: 'instruments',
    name: 'Drums',
    zh: '鼓组',
    style: '',
    children: children(
      [
        ['Kick', '底鼓', 'kick', [0.45, 0.9], { stereo: 0 }],
        ['Snare', '军鼓', 'snare', [0.3, 0.6], { stereo: 0.5 }],
        [
          'Hi-Hat',
          '踩镲',
          'hat',
          [0.2, 0.8],
          { variants: ['closed', 'closed', 'open'], tags: ['hi-hat', 'hihat', 'hat'] },
        ],
        [
          'Claps',
          '拍手',
          'clap',
          [0.35, 0.6],
          { stereo: 0.6, noun: ['Clap', '拍手'], tags: ['claps', 'clap'] },
        ],
        ['Toms', '通鼓', 'tom', [0.5, 0.9], { noun: ['Tom', '通鼓'], tags: ['toms', 'tom'] }],
        [
          'Cymbals',
          '镲片',
          'cymbal',
          [1.5, 2.5],
          {
            stereo: 0.8,
            variants: ['crash', 'ride'],
            noun: ['Cymbal', '镲片'],
            tags: ['cymbals', 'crash'],
          },
        ],
      ],
      { tags: [] },
    ).map((c) => ({ ...c, tags: ['drums', ...(c.tags.length ? c.tags : [c.name.toLowerCase()])] })),
  },
  {
    category: 'instruments',
    name: 'Bass',
    zh: '贝斯',
    style: '',
    children: children(
      [
        [
          '808',
          '808',
          'bass808',
          [1.2, 2.5],
          { noun: ['808', '808'], tags: ['808', 'bass', 'trap'] },
        ],
        [
          'Synth Bass',
          '合成贝斯',
          'synthBass',
          [0.5, 1.2],
          { tags: ['bass', 'synth bass', 'synth'] },
        ],
        ['Sub Bass', '超低音贝斯', 'subBass', [1, 2], { tags: ['bass', 'sub bass', 'sub'] }],
      ],
      { ...tonal, stereo: 0 },
    ),
  },
  {
    category: 'instruments',
    name: 'Synth',
    zh: '合成器',
    style: '',
    children: children(
      [
        [
          'Pads',
          '铺底',
          'pad',
          [2, 3],
          { stereo: 1, noun: ['Pad', '铺底'], tags: ['synth', 'pad', 'pads'] },
        ],
        [
          'Leads',
          '主音',
          'lead',
          [1, 2],
          { noun: ['Lead', '主音'], tags: ['synth', 'lead', 'edm'] },
        ],
        [
          'Plucks',
          '拨奏',
          'pluck',
          [0.5, 1],
          { noun: ['Pluck', '拨奏'], tags: ['synth', 'pluck', 'pop'] },
        ],
        [
          'Arps',
          '琶音',
          'arpLoop',
          [0, 0],
          { kind: 'loop', stereo: 1, noun: ['Arp', '琶音'], tags: ['synth', 'arp', 'edm'] },
        ],
      ],
      tonal,
    ),
  },
  {
    category: 'instruments',
    name: 'Keyboard',
    zh: '键盘',
    style: '',
    children: children(
      [
        [
          'Piano',
          '钢琴',
          'piano',
          [2, 3],
          { variants: ['single', 'chord'], tags: ['keyboard', 'piano', 'keys'] },
        ],
        [
          'Electric Piano',
          '电钢琴',
          'epiano',
          [1.5, 2.5],
          {
            stereo: 1,
            variants: ['single', 'chord'],
            tags: ['keyboard', 'electric piano', 'keys', 'r&b', 'rnb'],
          },
        ],
        [
          'Organ',
          '风琴',
          'organ',
          [1.5, 2.5],
          { variants: ['single', 'chord'], tags: ['keyboard', 'organ', 'keys'] },
        ],
      ],
      tonal,
    ),
  },
  {
    category: 'instruments',
    name: 'Guitar',
    zh: '吉他',
    style: '',
    children: children(
      [
        [
          'Acoustic',
          '木吉他',
          'guitarAcoustic',
          [2, 3],
          {
            variants: ['single', 'chord'],
            noun: ['Acoustic Guitar', '木吉他'],
            tags: ['guitar', 'acoustic'],
          },
        ],
        [
          'Electric',
          '电吉他',
          'guitarElectric',
          [1.5, 2.5],
          { noun: ['Electric Guitar', '电吉他'], tags: ['guitar', 'electric', 'rock'] },
        ],
        [
          'Muted',
          '闷音',
          'guitarMuted',
          [0.25, 0.5],
          { noun: ['Muted Guitar', '闷音吉他'], tags: ['guitar', 'muted'] },
        ],
      ],
      tonal,
    ),
  },
  {
    category: 'instruments',
    name: 'Percussion',
    zh: '打击乐',
    style: '',
    children: children(
      [
        [
          'Shakers',
          '沙锤',
          'shaker',
          [0.2, 0.45],
          { noun: ['Shaker', '沙锤'], tags: ['percussion', 'shaker'] },
        ],
        [
          'Congas',
          '康加鼓',
          'conga',
          [0.4, 0.7],
          { noun: ['Conga', '康加鼓'], tags: ['percussion', 'conga'] },
        ],
        ['Woodblock', '木块', 'woodblock', [0.2, 0.35], { tags: ['percussion', 'woodblock'] }],
      ],
      { stereo: 0 },
    ),
  },
  {
    category: 'instruments',
    name: 'Vocals',
    zh: '人声',
    style: '',
    children: children(
      [
        [
          'Chops',
          '人声切片',
          'vocalChop',
          [0.3, 0.8],
          { noun: ['Vocal Chop', '人声切片'], tags: ['vocals', 'vocal', 'chop'] },
        ],
        [
          'Textures',
          '人声纹理',
          'vocalTexture',
          [2, 3],
          { stereo: 1, noun: ['Vocal Texture', '人声纹理'], tags: ['vocals', 'vocal', 'texture'] },
        ],
        [
          'Oohs',
          '和声吟唱',
          'oohs',
          [2, 3],
          { stereo: 1, noun: ['Ooh Choir', '和声吟唱'], tags: ['vocals', 'choir', 'oohs'] },
        ],
      ],
      tonal,
    ),
  },
  genre('Hip-Hop', '嘻哈', 'hip-hop', ['hip-hop', 'hiphop', 'boom bap']),
  genre('Trap', '陷阱', 'trap', ['trap', 'hip-hop']),
  genre('Pop', '流行', 'pop', ['pop']),
  genre('R&B', '节奏布鲁斯', 'rnb', ['r&b', 'rnb', 'soul']),
  genre('EDM', '电子舞曲', 'edm', ['edm', 'electronic', 'dance']),
  ...(
    [
      [
        'Impacts',
        '冲击',
        [
          ['Heavy', '厚重', 'impact', [2, 3], { noun: ['Heavy Impact', '厚重冲击'] }],
          ['Distant', '远景', 'impact', [2, 3], { noun: ['Distant Impact', '远景冲击'] }],
        ],
      ],
      [
        'Risers',
        '上升音效',
        [
          ['Noise Risers', '噪声上升', 'riser', [2, 3], { noun: ['Noise Riser', '噪声上升'] }],
          [
            'Tonal Risers',
            '音调上升',
            'riser',
            [2.5, 3],
            { ...tonal, noun: ['Tonal Riser', '音调上升'] },
          ],
        ],
      ],
      [
        'Drones',
        '持续音',
        [
          ['Dark', '暗黑', 'drone', [2.5, 3], { ...tonal, noun: ['Dark Drone', '暗黑持续音'] }],
          [
            'Ambient',
            '氛围',
            'drone',
            [2.5, 3],
            { ...tonal, noun: ['Ambient Drone', '氛围持续音'] },
          ],
        ],
      ],
      [
        'Whooshes',
        '呼啸',
        [
          ['Fast', '快速', 'whoosh', [0.8, 1.4], { noun: ['Fast Whoosh', '快速呼啸'] }],
          ['Slow', '慢速', 'whoosh', [1.8, 3], { noun: ['Slow Whoosh', '慢速呼啸'] }],
        ],
      ],
      [
        'Hits',
        '重击',
        [
          ['Braams', '号角轰鸣', 'braam', [2, 3], { ...tonal, noun: ['Braam', '号角轰鸣'] }],
          [
            'Trailer Hits',
            '预告片重击',
            'hitPerc',
            [2, 3],
            { noun: ['Trailer Hit', '预告片重击'] },
          ],
        ],
      ],
    ] as Array<[string, string, Row[]]>
  ).map(([name, zh, rows]): PrimaryDef => ({
    category: 'cinematicFx',
    name,
    zh,
    style: '',
    children: children(rows, { stereo: 1, adjective: false }).map((c) => ({
      ...c,
      tags: ['cinematic', 'fx', name.toLowerCase(), c.name.toLowerCase()],
    })),
  })),
  ...(
    [
      [
        'Guzheng',
        '古筝',
        [
          [
            'Glissando',
            '刮奏',
            'guzheng',
            [2.5, 3],
            { variants: ['gliss'], noun: ['Guzheng Gliss', '古筝刮奏'] },
          ],
          [
            'Plucks',
            '拨弦',
            'guzheng',
            [1.5, 3],
            { variants: ['pluck'], noun: ['Guzheng Pluck', '古筝拨弦'] },
          ],
        ],
      ],
      [
        'Pipa',
        '琵琶',
        [
          [
            'Tremolo',
            '轮指',
            'pipa',
            [1.5, 2.5],
            { variants: ['tremolo'], noun: ['Pipa Tremolo', '琵琶轮指'] },
          ],
          [
            'Plucks',
            '弹挑',
            'pipa',
            [1, 2],
            { variants: ['pluck'], noun: ['Pipa Pluck', '琵琶弹挑'] },
          ],
        ],
      ],
      [
        'Erhu',
        '二胡',
        [
          ['Long Notes', '长音', 'erhu', [2, 3], { noun: ['Erhu Long Note', '二胡长音'] }],
          ['Short Notes', '短音', 'erhu', [0.6, 1.2], { noun: ['Erhu Short Note', '二胡短音'] }],
        ],
      ],
      [
        'Dizi',
        '笛子',
        [
          ['Long Notes', '长音', 'dizi', [2, 3], { noun: ['Dizi Long Note', '笛子长音'] }],
          ['Short Notes', '短音', 'dizi', [0.5, 1], { noun: ['Dizi Short Note', '笛子短音'] }],
        ],
      ],
      [
        'Gongs & Percussion',
        '锣鼓',
        [
          ['Gongs', '铜锣', 'gong', [2.5, 3], { tonal: false, noun: ['Gong', '铜锣'] }],
          [
            'Woodfish',
            '木鱼',
            'muyu',
            [0.2, 0.4],
            { tonal: false, stereo: 0, noun: ['Woodfish', '木鱼'] },
          ],
          [
            'Tanggu',
            '堂鼓',
            'tanggu',
            [0.6, 1],
            { tonal: false, stereo: 0, noun: ['Tanggu Drum', '堂鼓'] },
          ],
        ],
      ],
    ] as Array<[string, string, Row[]]>
  ).map(([name, zh, rows]): PrimaryDef => ({
    category: 'chineseStyle',
    name,
    zh,
    style: '',
    children: children(rows, { tonal: true, stereo: 0.8, adjective: false }).map((c) => ({
      ...c,
      tags: [
        'chinese',
        'chinese style',
        'percussion',
        name.toLowerCase(),
        c.name.toLowerCase(),
      ].filter((tag) => tag !== 'percussion' || name.startsWith('Gongs')),
    })),
  })),
];

/** Localised names of the four categories (the taxonomy table holds primary/secondary names). */
export const CATEGORY_NAMES: Record<Category, [string, string]> = {
  instruments: ['Instruments', '乐器'],
  genres: ['Genres', '风格'],
  cinematicFx: ['Cinematic FX', '影视音效'],
  chineseStyle: ['Chinese Style', '中国风'],
};
