import {
  AUDIO_FORMATS,
  CATEGORIES,
  MUSICAL_KEYS,
  SAMPLE_KINDS,
  type CategoryNode,
  type Pack,
  type Sample,
  type SearchListPage,
  type SearchSuggestion,
  type SimilarPage,
  type Spectrum,
  type TagCount,
} from '../../src/shared/api/catalogue.types.ts';
import {
  arrayOf,
  boolean,
  integer,
  number,
  object,
  oneOf,
  text,
  textOrNull,
  texts,
} from '../http/response-schema.ts';
import type { Assert, SameShape } from '../http/response-schema.ts';

// The catalogue's answers as response schemas (docs/API.md#typed-routes), each proved the same
// shape as its type in src/shared/api/catalogue.types.ts by the Assert lines.

const names = object({ zh: text, en: text });

/** A sample as lists, search, similar and the user lists answer it. */
export const sampleSchema = object(
  {
    id: integer,
    icon: text,
    audioName: text,
    names,
    audioKey: { type: ['string', 'null'], enum: [...MUSICAL_KEYS, null] },
    audioBpm: { type: ['number', 'null'] },
    detected: arrayOf(oneOf(['key', 'bpm'] as const)),
    auditionCode: text,
    audioBrand: text,
    audioType: text,
    audioGroup: text,
    category: oneOf(CATEGORIES),
    audioData: object(
      {
        format: oneOf(AUDIO_FORMATS),
        sampleRate: number,
        channels: number,
        bitDepth: { type: ['number', 'null'] },
        sizeBytes: number,
        tags: texts,
        kind: oneOf(SAMPLE_KINDS),
        lufs: number,
        truePeakDb: number,
      },
      ['lufs', 'truePeakDb'],
    ),
    download: boolean,
    likes: boolean,
    userFilePath: text,
    relayAudioUrl: text,
    duration: number,
    packCode: text,
    packName: text,
    popularity: number,
    createdAt: text,
  },
  ['detected', 'auditionCode', 'userFilePath'],
);

/** A pack. */
export const packSchema = object({
  packCode: text,
  name: text,
  names,
  description: text,
  brand: text,
  category: oneOf(CATEGORIES),
  primaryName: text,
  cover: text,
  sampleCount: integer,
  tags: texts,
  download: boolean,
  likes: boolean,
  popularity: number,
  createdAt: text,
});

/** A page of list, search or user-list records (samples or packs), with a search's correction. */
const listPage = <const R extends typeof sampleSchema | typeof packSchema>(records: R) =>
  object(
    {
      records: arrayOf(records),
      total: integer,
      totalEstimated: boolean,
      page: integer,
      pageSize: integer,
      correction: object({ from: text, to: text }),
    },
    ['totalEstimated', 'correction'],
  );

/** The answer of the list, search and user-list calls: samples, or packs with `range=packs`. */
export const listPageSchema = { anyOf: [listPage(sampleSchema), listPage(packSchema)] } as const;

const counted = object({ name: text, names, count: integer });

/** The category tree of tt-instruments-style. */
export const categoryTreeSchema = arrayOf(
  object({
    category: oneOf(CATEGORIES),
    names,
    count: integer,
    children: arrayOf(object({ name: text, names, count: integer, children: arrayOf(counted) })),
  }),
);

/** The tag vocabulary with counts. */
export const tagCountsSchema = arrayOf(object({ tag: text, names, count: integer }));

/** Autocomplete suggestions. */
export const suggestionsSchema = arrayOf(
  object(
    {
      kind: oneOf(['instrument', 'genre', 'tag', 'pack', 'brand'] as const),
      label: text,
      alt: textOrNull,
      keyword: text,
      primaryName: text,
      secondaryName: text,
      packCode: text,
      corrected: text,
    },
    ['primaryName', 'secondaryName', 'packCode', 'corrected'],
  ),
);

/** The answer of both similar-sounds calls. */
export const similarPageSchema = object(
  {
    records: arrayOf(sampleSchema),
    total: integer,
    page: integer,
    pageSize: integer,
    scores: arrayOf(number),
    source: sampleSchema,
  },
  ['source'],
);

/** The spectrum call's peaks. */
export const spectrumSchema = object({ id: integer, peaks: arrayOf(number) });

/** Compile-time proofs that each schema is its shared type. */
export type CatalogueShapes = [
  Assert<SameShape<typeof sampleSchema, Sample>>,
  Assert<SameShape<typeof packSchema, Pack>>,
  Assert<SameShape<typeof listPageSchema, SearchListPage<Sample> | SearchListPage<Pack>>>,
  Assert<SameShape<typeof categoryTreeSchema, CategoryNode[]>>,
  Assert<SameShape<typeof tagCountsSchema, TagCount[]>>,
  Assert<SameShape<typeof suggestionsSchema, SearchSuggestion[]>>,
  Assert<SameShape<typeof similarPageSchema, SimilarPage>>,
  Assert<SameShape<typeof spectrumSchema, Spectrum>>,
];
