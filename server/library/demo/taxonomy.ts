// The category tree of the demo library (docs/PRODUCT.md §2): category → primary → secondary names, in
// English and Chinese, with the synth voice and shape of the samples under each secondary name.
import type { Category } from '../../../src/shared/api/catalogue.types.ts';
import { INSTRUMENTS } from './taxonomy-instruments.ts';
import type { PrimaryDef } from './taxonomy-rows.ts';
import { STYLES } from './taxonomy-styles.ts';

export type { PrimaryDef, SecondaryDef } from './taxonomy-rows.ts';

/** The whole tree, in display order. */
export const TAXONOMY: PrimaryDef[] = [...INSTRUMENTS, ...STYLES];

/** Localised names of the four categories (the taxonomy table holds primary/secondary names). */
export const CATEGORY_NAMES: Record<Category, [string, string]> = {
  instruments: ['Instruments', '乐器'],
  genres: ['Genres', '曲风'],
  cinematicFx: ['Cinematic FX', '影视音效'],
  chineseStyle: ['Chinese style', '中国风'],
};
