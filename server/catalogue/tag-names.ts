import type { Names } from '../../src/shared/api/catalogue.types.ts';
import { canonicalTag } from './tag-vocabulary.ts';

/**
 * Chinese names of the library's tags. Tags are stored as lower-case English words (filters and
 * URLs use them as they are), one per meaning (`tag-vocabulary.ts`); this is how the Chinese UI
 * shows them. A tag missing here (an imported library's own word) shows as stored in both
 * languages.
 */
export const TAG_ZH: Readonly<Record<string, string>> = {
  '808': '808',
  acoustic: '原声',
  afro: '非洲节奏',
  ambient: '氛围',
  arp: '琶音',
  bass: '贝斯',
  'bass loop': '贝斯循环',
  'boom bap': 'Boom Bap',
  braams: '铜管轰鸣',
  'build-up': '铺垫',
  'chinese style': '中国风',
  choir: '合唱',
  chop: '切片',
  cinematic: '影视',
  clap: '拍手',
  conga: '康加鼓',
  crash: '强音镲',
  cymbals: '镲片',
  dance: '舞曲',
  dark: '暗黑',
  distant: '遥远',
  dizi: '笛子',
  drill: 'Drill',
  'drum loop': '鼓组循环',
  drones: '持续音',
  drums: '鼓组',
  edm: '电子舞曲',
  electric: '电声',
  'electric piano': '电钢琴',
  electronic: '电子',
  epic: '史诗',
  erhu: '二胡',
  fast: '快速',
  festival: '音乐节',
  flac: 'FLAC',
  fx: '音效',
  glissando: '刮奏',
  'gongs & percussion': '锣鼓打击乐',
  gongs: '锣',
  guitar: '吉他',
  guzheng: '古筝',
  heavy: '厚重',
  'hi-hat': '踩镲',
  'hip-hop': '嘻哈',
  hits: '重击',
  horror: '恐怖',
  house: '浩室',
  impacts: '冲击',
  keyboard: '键盘',
  kick: '底鼓',
  latin: '拉丁',
  lead: '主音',
  'lo-fi': 'Lo-Fi',
  'long notes': '长音',
  loop: '循环',
  melodic: '旋律',
  mp3: 'MP3',
  muted: '闷音',
  'neo soul': '新灵魂乐',
  'noise risers': '噪声上升',
  ogg: 'Ogg',
  oneshot: '单次',
  oohs: '哼唱',
  opera: '戏曲',
  organ: '风琴',
  pad: '铺底',
  percussion: '打击乐',
  piano: '钢琴',
  pipa: '琵琶',
  pluck: '拨弦',
  pop: '流行',
  'r&b': '节奏布鲁斯',
  radio: '电台',
  risers: '上升音效',
  rock: '摇滚',
  'sci-fi': '科幻',
  shaker: '沙锤',
  'short notes': '短音',
  slow: '慢速',
  'slow jam': '慢摇',
  snare: '军鼓',
  soul: '灵魂乐',
  'sub bass': '超低音贝斯',
  synth: '合成器',
  'synth bass': '合成贝斯',
  synthwave: '合成器浪潮',
  tanggu: '堂鼓',
  techno: '科技舞曲',
  texture: '质感',
  tom: '通鼓',
  'tonal risers': '音调上升',
  trailer: '预告片',
  'trailer hits': '预告片重击',
  transition: '转场',
  trap: '陷阱',
  tremolo: '轮指',
  upbeat: '欢快',
  vocals: '人声',
  wav: 'WAV',
  aiff: 'AIFF',
  whooshes: '呼啸',
  woodblock: '木块',
  woodfish: '木鱼',
};

/** English names that title case would spell wrong (acronyms, formats). */
const TAG_EN: Readonly<Record<string, string>> = {
  aiff: 'AIFF',
  edm: 'EDM',
  flac: 'FLAC',
  fx: 'FX',
  mp3: 'MP3',
  oneshot: 'One-Shot',
  'r&b': 'R&B',
  wav: 'WAV',
};

/** A vocabulary tag in the case genre names use: each word capitalised ("hi-hat" → "Hi-Hat"). */
const titleCase = (tag: string): string =>
  tag.replace(/(^|[\s-])(\p{L})/gu, (_, gap: string, letter: string) => gap + letter.toUpperCase());

/**
 * A tag's names, Chinese and English, as chips show them: a vocabulary tag (an alias is named as
 * the tag it means) in Chinese from the dictionary and in English in the case of the genre names
 * ("EDM", "Hip-Hop"); an imported library's own word as stored in both.
 */
export function tagNames(stored: string): Names {
  const tag = canonicalTag(stored);
  const zh = TAG_ZH[tag];
  if (zh === undefined) return { zh: stored, en: stored };
  return { zh, en: TAG_EN[tag] ?? titleCase(tag) };
}
