// The `genres`, `cinematicFx` and `chineseStyle` categories.
import { children, genre, tonal, type PrimaryDef, type Row } from './taxonomy-rows.ts';

/** Primary names of the genre, cinematic and Chinese-style categories, in display order. */
export const STYLES: PrimaryDef[] = [
  genre('Hip-Hop', '嘻哈', 'hip-hop', ['hip-hop', 'boom bap']),
  genre('Trap', '陷阱', 'trap', ['trap', 'hip-hop']),
  genre('Pop', '流行', 'pop', ['pop']),
  genre('R&B', '节奏布鲁斯', 'rnb', ['r&b', 'soul']),
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
      tags: ['chinese style', 'percussion', name.toLowerCase(), c.name.toLowerCase()].filter(
        (tag) => tag !== 'percussion' || name.startsWith('Gongs'),
      ),
    })),
  })),
];
