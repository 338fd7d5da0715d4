import type { StyleId } from './song-styles.ts';

/** Titles (English, Chinese) per style; a plan slot picks one, later rounds add a numeral. */
export const TITLES: Record<StyleId, readonly (readonly [string, string])[]> = {
  lofi: [
    ['Rainy Window', '雨窗'],
    ['Late Night Noodles', '深夜面馆'],
    ['Cassette Afternoon', '磁带午后'],
    ['Sleepy Tram', '困倦电车'],
  ],
  edm: [
    ['Neon Skyline', '霓虹天际'],
    ['Pulse Runner', '脉冲奔跑者'],
    ['Midnight Rave', '午夜狂欢'],
    ['Electric Bloom', '电光绽放'],
  ],
  ambient: [
    ['Tidal Glass', '潮汐玻璃'],
    ['Slow Aurora', '缓慢极光'],
    ['Fog Garden', '雾中花园'],
    ['Distant Stars', '遥远星辰'],
  ],
  guofeng: [
    ['Moon over West Lake', '西湖月'],
    ['Plum Blossom Letter', '梅花信笺'],
    ['Ink and Rain', '烟雨水墨'],
    ['Ancient Bridge', '古桥远行'],
  ],
  trap: [
    ['Concrete Crown', '水泥王冠'],
    ['Night Drive 808', '夜驰 808'],
    ['Cold Diamonds', '冰冷钻石'],
    ['Shadow Money', '影子财富'],
  ],
  synthpop: [
    ['Summer Signal', '夏日信号'],
    ['Polaroid Heart', '宝丽来之心'],
    ['City Lights Calling', '城市灯火'],
    ['Retro Dream', '复古之梦'],
  ],
};

/** Verse and chorus lines per style, from which each song's lyrics prompt is drawn. */
export const LYRICS: Record<StyleId, { verse: readonly string[]; chorus: readonly string[] }> = {
  lofi: {
    verse: [
      'Raindrops tapping on the glass',
      'Coffee cooling, pages pass',
      'Streetlights humming soft and low',
      'Nowhere else I need to go',
      'Old tape hiss and a dusty chord',
      'Counting clouds I can afford',
    ],
    chorus: [
      'Slow it down, let the evening stay',
      'Hold the quiet, drift away',
      'Every beat a little sway',
      'Tomorrow can wait another day',
    ],
  },
  edm: {
    verse: [
      'City burning in electric blue',
      'Every heartbeat running into you',
      'Hands up high beneath the strobing light',
      'We were born to own the night',
      'Bassline shaking through the floor',
      'Give me more and then some more',
    ],
    chorus: [
      'Feel the drop, we come alive',
      'Louder now, we fly, we dive',
      'One more time until the sunrise',
      'Lost in the rhythm, lost in your eyes',
    ],
  },
  ambient: {
    verse: [
      'Wide horizon, silver haze',
      'Waves that fold in quiet days',
      'Breathing slowly with the tide',
      'Nothing left to keep inside',
      'Stars that fade to morning grey',
      'Gentle light along the bay',
    ],
    chorus: [
      'Float, float, into the open',
      'Every word left unspoken',
      'Let the hours dissolve',
      'Nothing here to solve',
    ],
  },
  guofeng: {
    verse: [
      '月落西湖照小舟',
      '一纸相思寄江流',
      '烟雨朦胧桥边柳',
      '青衫远去不回头',
      '梅花开在旧城楼',
      '笛声吹散几多愁',
    ],
    chorus: ['山高水长路悠悠', '此情难寄月如钩', '弦上清音绕指柔', '千年一梦共白头'],
  },
  trap: {
    verse: [
      'Pull up late with the windows low',
      'Eight-oh-eight making the city glow',
      'Started from the bottom of the stairs',
      'Now the whole block standing there',
      'Ice cold, never fold',
      'Stories that the streets have told',
    ],
    chorus: [
      'Run it up, run it up',
      'Never stop, never stop',
      'Crown on my head from the concrete top',
      'Count it all when the bass line drop',
    ],
  },
  synthpop: {
    verse: [
      'Polaroid of a summer night',
      'Radio playing our favourite light',
      'Racing shadows down the avenue',
      'Every signal leads to you',
      'Neon hearts on a cassette sleeve',
      'Tell me something I can believe',
    ],
    chorus: [
      'Call me up when the city sleeps',
      'Dancing on the edge of the beat',
      'We were young and the night was sweet',
      'Hold on tight, never let it leave',
    ],
  },
};

/** Key names of the roots a plan may choose (MIDI note → name). */
export const KEY_NAMES: Record<number, string> = {
  55: 'G',
  57: 'A',
  58: 'B♭',
  60: 'C',
  62: 'D',
  64: 'E',
};
