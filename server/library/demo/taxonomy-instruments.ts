// The `instruments` category: drums, bass, synth, keyboard, guitar, percussion, vocals.
import { children, tonal, type PrimaryDef } from './taxonomy-rows.ts';

/** Primary names of the instruments category, in display order. */
export const INSTRUMENTS: PrimaryDef[] = [
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
          { variants: ['closed', 'closed', 'open'], tags: ['hi-hat'] },
        ],
        [
          'Claps',
          '拍手',
          'clap',
          [0.35, 0.6],
          { stereo: 0.6, noun: ['Clap', '拍手'], tags: ['clap'] },
        ],
        ['Toms', '通鼓', 'tom', [0.5, 0.9], { noun: ['Tom', '通鼓'], tags: ['tom'] }],
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
        ['Sub Bass', '超低音贝斯', 'subBass', [1, 2], { tags: ['bass', 'sub bass'] }],
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
          { stereo: 1, noun: ['Pad', '铺底'], tags: ['synth', 'pad'] },
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
          { variants: ['single', 'chord'], tags: ['keyboard', 'piano'] },
        ],
        [
          'Electric Piano',
          '电钢琴',
          'epiano',
          [1.5, 2.5],
          {
            stereo: 1,
            variants: ['single', 'chord'],
            tags: ['keyboard', 'electric piano', 'r&b'],
          },
        ],
        [
          'Organ',
          '风琴',
          'organ',
          [1.5, 2.5],
          { variants: ['single', 'chord'], tags: ['keyboard', 'organ'] },
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
          { noun: ['Vocal Chop', '人声切片'], tags: ['vocals', 'chop'] },
        ],
        [
          'Textures',
          '人声纹理',
          'vocalTexture',
          [2, 3],
          { stereo: 1, noun: ['Vocal Texture', '人声纹理'], tags: ['vocals', 'texture'] },
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
];
