// Brands and packs of the demo library. Each primary name has packs from different brands (the
// names and moods are in packs-data.ts); its first pack is the one the smaller sizes use.
import { PACKS_BY_PRIMARY } from './packs-data.ts';

/** A brand (label) with its Chinese name. */
interface BrandDef {
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

/** Pack templates of one primary name, first = the one smaller sizes use. */
export function packsOf(primary: string): PackDef[] {
  return (PACKS_BY_PRIMARY[primary] ?? []).map(([name, zh, brand, moodEn, moodZh, tags]) => ({
    primary,
    name,
    zh,
    brand,
    mood: [moodEn, moodZh],
    tags,
  }));
}
