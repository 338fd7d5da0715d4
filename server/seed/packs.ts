// Brands and packs of the demo library. Each primary name has packs from different brands;
// the first pack of each primary is the one the smaller library sizes use.

/** A brand (label) with its Chinese name. */
export interface BrandDef {
  name: string;
  zh: string;
}

/** The labels packs are published under. */
export const BRANDS: BrandDef[] = [
  { name: 'Jade Audio', zh: '玉声' },
  { name: 'Neon Tiger', zh: '霓虎' },
  { name: 'Silk Road Sounds', zh: '丝路之声' },
  { name: 'Midnight Atlas', zh: '午夜图册' },
  { name: 'Bamboo Grove', zh: '竹林音坊' },
  { name: 'Iron Crane', zh: '铁鹤' },
  { name: 'Cloud Nine Audio', zh: '九霄音频' },
  { name: 'Red Lantern', zh: '红灯笼' },
  { name: 'Golden Koi', zh: '金鲤' },
];

/** A pack template: names, the brand (index into BRANDS), a mood line and tags. */
export interface PackDef {
  primary: string;
  name: string;
  zh: string;
  brand: number;
  mood: [string, string];
  tags: string[];
}

type P = [name: string, zh: string, brand: number, moodEn: string, moodZh: string, tags: string[]];

const BY_PRIMARY: Record<string, P[]> = {
  Drums: [
    [
      'Street Kit Essentials',
      '街头鼓组精选',
      1,
      'hard-hitting drums for modern beats',
      '为现代节拍打造的强劲鼓声',
      ['hip-hop', 'trap'],
    ],
    [
      'Analog Drum Machine',
      '模拟鼓机',
      3,
      'warm circuits and classic drum-machine tones',
      '温暖电路与经典鼓机音色',
      ['electronic', 'edm'],
    ],
    [
      'Studio Live Drums',
      '录音棚现场鼓',
      6,
      'tight, punchy hits with a studio sheen',
      '紧实有力、带录音棚光泽的鼓声',
      ['pop', 'rock'],
    ],
  ],
  Bass: [
    [
      '808 Foundations',
      '808 基石',
      1,
      'long, saturated 808s tuned to every key',
      '覆盖全部调性的饱满 808',
      ['trap', 'hip-hop'],
    ],
    [
      'Low End Theory',
      '低频理论',
      5,
      'synth and sub basses that fill the bottom',
      '撑满低频的合成与超低音贝斯',
      ['edm', 'pop'],
    ],
  ],
  Synth: [
    [
      'Neon Skyline Synths',
      '霓虹天际合成器',
      1,
      'glossy pads, leads and arps',
      '光亮的铺底、主音与琶音',
      ['edm', 'pop', 'synthwave'],
    ],
    [
      'Cosmic Textures',
      '宇宙纹理',
      6,
      'evolving pads and shimmering plucks',
      '不断演化的铺底与闪烁的拨奏',
      ['ambient', 'edm'],
    ],
  ],
  Keyboard: [
    [
      'Velvet Keys',
      '丝绒键盘',
      3,
      'pianos, electric pianos and organs for soulful chords',
      '为灵魂和弦准备的钢琴、电钢与风琴',
      ['r&b', 'rnb', 'pop', 'soul'],
    ],
    [
      'Late Night Piano',
      '深夜钢琴',
      8,
      'intimate piano notes and chords',
      '亲密的钢琴单音与和弦',
      ['lo-fi', 'hip-hop'],
    ],
  ],
  Guitar: [
    [
      'Six String Stories',
      '六弦故事',
      5,
      'acoustic strums, electric power chords and muted plucks',
      '木吉他扫弦、电吉他强力和弦与闷音',
      ['pop', 'rock'],
    ],
    [
      'Sunset Guitars',
      '日落吉他',
      8,
      'warm guitars for songwriters',
      '写给创作者的温暖吉他',
      ['pop', 'r&b'],
    ],
  ],
  Percussion: [
    [
      'World Percussion',
      '世界打击乐',
      4,
      'shakers, congas and woodblocks',
      '沙锤、康加鼓与木块',
      ['latin', 'pop'],
    ],
    [
      'Hand Percussion Kit',
      '手打击乐套装',
      7,
      'organic hand-played grooves',
      '自然的手打律动',
      ['afro', 'hip-hop'],
    ],
  ],
  Vocals: [
    [
      'Vocal Chop Shop',
      '人声切片铺',
      1,
      'sung chops, airy textures and choir oohs',
      '演唱切片、空气感纹理与合唱吟唱',
      ['pop', 'edm'],
    ],
    [
      'Ethereal Voices',
      '空灵人声',
      6,
      'breathy vocal pads and choirs',
      '气声人声铺底与合唱',
      ['ambient', 'cinematic'],
    ],
  ],
  'Hip-Hop': [
    [
      'Boom Bap Chronicles',
      '经典嘻哈编年史',
      3,
      'dusty drums, deep bass and soulful keys',
      '复古鼓组、深沉贝斯与灵魂键盘',
      ['boom bap'],
    ],
    [
      'Golden Era Loops',
      '黄金年代循环',
      8,
      'swinging grooves from the golden era',
      '黄金年代的摇摆律动',
      ['lo-fi'],
    ],
  ],
  Trap: [
    [
      'Trap Lords',
      '陷阱领主',
      1,
      'rolling hats, sliding 808s and dark bells',
      '滚动踩镲、滑音 808 与暗黑铃音',
      ['dark'],
    ],
    [
      'Midnight Trap',
      '午夜陷阱',
      5,
      'half-time bangers for late sessions',
      '深夜创作的半拍重击',
      ['drill'],
    ],
  ],
  Pop: [
    [
      'Chart Pop Kit',
      '流行榜单套件',
      6,
      'radio-ready drums, bass and piano',
      '电台级的鼓、贝斯与钢琴',
      ['radio'],
    ],
    [
      'Bright Pop Loops',
      '明亮流行循环',
      7,
      'upbeat grooves and catchy chops',
      '欢快律动与抓耳切片',
      ['upbeat'],
    ],
  ],
  'R&B': [
    [
      'Silk R&B',
      '丝滑节奏布鲁斯',
      3,
      'smooth keys, lazy grooves and warm subs',
      '顺滑键盘、慵懒律动与温暖低音',
      ['neo soul'],
    ],
    [
      'Velvet Nights R&B',
      '丝绒之夜',
      8,
      'late-night grooves with lush electric pianos',
      '深夜律动与丰满电钢',
      ['slow jam'],
    ],
  ],
  EDM: [
    [
      'Festival EDM',
      '音乐节电子',
      1,
      'four-on-the-floor drums and big stabs',
      '四拍底鼓与大气和弦',
      ['house', 'festival'],
    ],
    [
      'Club Circuit',
      '俱乐部巡回',
      5,
      'driving bass and plucky chords',
      '推进的贝斯与拨奏和弦',
      ['house', 'techno'],
    ],
  ],
  Impacts: [
    [
      'Blockbuster Impacts',
      '大片冲击',
      5,
      'booms and cracks for trailers',
      '预告片用的轰鸣与爆裂',
      ['trailer'],
    ],
    [
      'Deep Space Impacts',
      '深空冲击',
      3,
      'distant thunder and sub drops',
      '远处雷鸣与低频下坠',
      ['sci-fi'],
    ],
  ],
  Risers: [
    [
      'Tension Risers',
      '张力上升',
      5,
      'noise and tonal risers that build tension',
      '营造张力的噪声与音调上升',
      ['trailer', 'build-up'],
    ],
    [
      'Rise & Build',
      '渐强构建',
      1,
      'sweeps for drops and transitions',
      '用于高潮与过渡的扫频',
      ['edm', 'transition'],
    ],
  ],
  Drones: [
    [
      'Dark Matter Drones',
      '暗物质持续音',
      3,
      'ominous tonal beds',
      '不祥的音调铺底',
      ['horror', 'ambient'],
    ],
    [
      'Horizon Drones',
      '地平线持续音',
      6,
      'wide ambient atmospheres',
      '宽广的氛围音场',
      ['ambient'],
    ],
  ],
  Whooshes: [
    [
      'Swift Whooshes',
      '疾风呼啸',
      5,
      'fast and slow passes for edits',
      '剪辑用的快慢掠过声',
      ['transition'],
    ],
    [
      'Air Streams',
      '气流',
      4,
      'airy sweeps that pan across the field',
      '横穿声场的空气扫频',
      ['transition', 'ambient'],
    ],
  ],
  Hits: [
    [
      'Trailer Hits',
      '预告片重击',
      5,
      'braams and hits for epic moments',
      '史诗时刻的号角与重击',
      ['trailer', 'epic'],
    ],
    ['Epic Braams', '史诗号角', 3, 'massive brass-like braams', '巨大的铜管式轰鸣', ['epic']],
  ],
  Guzheng: [
    [
      'Guzheng Flow',
      '古筝流韵',
      0,
      'glissandi and plucks with pressed-string vibrato',
      '刮奏与带按弦颤音的拨弦',
      ['guofeng'],
    ],
    [
      'Silk Strings',
      '丝弦',
      2,
      'bright guzheng plucks in every key',
      '各调明亮的古筝拨弦',
      ['guofeng'],
    ],
  ],
  Pipa: [
    ['Pipa Tales', '琵琶行', 0, 'tremolo and plucked pipa phrases', '琵琶轮指与弹挑', ['guofeng']],
    [
      'Jade Plate Pipa',
      '玉盘琵琶',
      4,
      'crisp pipa plucks, like pearls on a jade plate',
      '大珠小珠落玉盘般清脆的琵琶',
      ['guofeng'],
    ],
  ],
  Erhu: [
    [
      'Erhu Soul',
      '二胡之魂',
      2,
      'expressive bowed erhu notes',
      '富有表现力的二胡弓弦',
      ['guofeng'],
    ],
    ['Moonlit Erhu', '月下二胡', 7, 'long, singing erhu tones', '悠长如歌的二胡', ['guofeng']],
  ],
  Dizi: [
    [
      'Bamboo Flute',
      '竹笛',
      4,
      'airy dizi tones with the buzzing membrane',
      '带笛膜振鸣的空灵笛音',
      ['guofeng'],
    ],
    [
      'Mountain Dizi',
      '山间笛语',
      0,
      'breathy flute notes from the hills',
      '来自山间的气息笛音',
      ['guofeng'],
    ],
  ],
  'Gongs & Percussion': [
    [
      'Temple Gongs',
      '寺庙铜锣',
      2,
      'gongs, woodfish and tanggu drums',
      '铜锣、木鱼与堂鼓',
      ['guofeng', 'opera'],
    ],
    [
      'Opera Percussion',
      '戏曲锣鼓',
      7,
      'the percussion of Chinese opera',
      '中国戏曲的锣鼓',
      ['opera', 'guofeng'],
    ],
  ],
};

/** Pack templates of one primary name, first = the one smaller sizes use. */
export function packsOf(primary: string): PackDef[] {
  return (BY_PRIMARY[primary] ?? []).map(([name, zh, brand, moodEn, moodZh, tags]) => ({
    primary,
    name,
    zh,
    brand,
    mood: [moodEn, moodZh],
    tags,
  }));
}
