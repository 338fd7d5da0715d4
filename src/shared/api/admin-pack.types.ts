import type { Category } from './catalogue.types.ts';

/** A pack as the Packs screen shows and edits it (docs/ADMIN.md "Packs"). */
export interface AdminPack {
  code: string;
  nameZh: string;
  nameEn: string;
  brand: string;
  category: Category;
  primaryName: string;
  /** The secondary categories its samples are in, sorted (an edit sets one for all). */
  secondaryNames: string[];
  descriptionZh: string;
  descriptionEn: string;
  tags: string[];
  /** False: hidden from users; those who acquired some of it keep it. */
  published: boolean;
  sampleCount: number;
  /** Users who acquired at least one of its samples (a pack they hold cannot be deleted). */
  acquiredBy: number;
  /** Media type of its cover, or null when it has none. */
  coverType: string | null;
}

/** PATCH admin/packs/{packCode}: the fields to change, at least one. */
export type PackEdit = Partial<
  Omit<AdminPack, 'code' | 'secondaryNames' | 'sampleCount' | 'acquiredBy' | 'coverType'> & {
    secondaryName: string;
  }
>;

/** The editable fields, in the order the screen shows them and audit rows list them. */
export const PACK_EDIT_FIELDS = [
  'nameZh',
  'nameEn',
  'brand',
  'category',
  'primaryName',
  'secondaryName',
  'descriptionZh',
  'descriptionEn',
  'tags',
  'published',
] as const satisfies readonly (keyof PackEdit)[];

/** Limits of a pack edit and a cover, shared by the gateway's schemas and the screen. */
export const PACK_EDIT_LIMITS = {
  name: 100,
  description: 2000,
  tags: 20,
  tag: 40,
  /** Bytes of a cover image. */
  coverBytes: 2 * 1024 * 1024,
} as const;

/** The cover image types a pack takes. */
export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
