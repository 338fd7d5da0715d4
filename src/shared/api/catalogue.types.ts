/** The four browse categories of docs/PRODUCT.md §2, as they appear in routes. */
export const CATEGORIES = ['instruments', 'genres', 'cinematicFx', 'chineseStyle'] as const;

/** A browse category key. */
export type Category = (typeof CATEGORIES)[number];

/** Sort orders of list and search calls; MOST_POPULAR is the default (docs/PRODUCT.md §9). */
export const SORTS = ['MOST_POPULAR', 'NEWEST', 'NAME', 'BPM', 'DURATION', 'RANDOM'] as const;

/** A list sort order. */
export type Sort = (typeof SORTS)[number];

/** Sorts of a keyword search: the list sorts plus RELEVANCE (the search call's default). */
export const SEARCH_SORTS = [...SORTS, 'RELEVANCE'] as const;

/** A sort order of a keyword search. */
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** One-shot or loop. */
export const SAMPLE_KINDS = ['oneshot', 'loop'] as const;

/** Whether a sample is a one-shot or a loop. */
export type SampleKind = (typeof SAMPLE_KINDS)[number];

/** What a list call returns: samples or packs ("All" pages ask for both). */
export const RANGES = ['samples', 'packs'] as const;

/** Which kind of item a list call returns. */
export type Range = (typeof RANGES)[number];

/** Musical keys accepted by the `key` filter (major and minor). */
export const MUSICAL_KEYS = [
  'C',
  'C#',
  'D',
  'D#',
  'E',
  'F',
  'F#',
  'G',
  'G#',
  'A',
  'A#',
  'B',
  'Cm',
  'C#m',
  'Dm',
  'D#m',
  'Em',
  'Fm',
  'F#m',
  'Gm',
  'G#m',
  'Am',
  'A#m',
  'Bm',
] as const;

/** A musical key. */
export type MusicalKey = (typeof MUSICAL_KEYS)[number];

/** A value of a sample the audio analysis detected rather than its pack labelled. */
export type DetectedField = 'key' | 'bpm';

/** Container formats we store and decode. */
export const AUDIO_FORMATS = ['wav', 'aiff', 'flac', 'mp3', 'ogg'] as const;

/** A stored audio format. */
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

/** A name in both languages. */
export interface Names {
  zh: string;
  en: string;
}

/** Technical facts about a sample's file (docs/api/catalogue.md `audioData`). */
interface AudioData {
  format: AudioFormat;
  sampleRate: number;
  channels: number;
  bitDepth: number | null;
  sizeBytes: number;
  tags: string[];
  kind: SampleKind;
  /** Stored integrated loudness (LUFS) and true peak (dBTP), once the analysis measured them. */
  lufs?: number;
  truePeakDb?: number;
}

/** A sample as the list, search and user calls return it (docs/PRODUCT.md §3 + docs/api/catalogue.md). */
export interface Sample {
  id: number;
  /** Pack cover URL. */
  icon: string;
  /** Name in the request's language. */
  audioName: string;
  names: Names;
  audioKey: MusicalKey | null;
  audioBpm: number | null;
  /** Which of key and BPM the audio analysis detected (absent: both are the pack's labels). */
  detected?: DetectedField[];
  /** Present when a public preview exists. */
  auditionCode?: string;
  /** The pack's label (brand). */
  audioBrand: string;
  /** Primary category name, e.g. "Drums". */
  audioType: string;
  /** Secondary name, e.g. "Kick". */
  audioGroup: string;
  category: Category;
  audioData: AudioData;
  /** The caller has it in the warehouse. */
  download: boolean;
  /** The caller likes it. */
  likes: boolean;
  /** Where the desktop shell saved it, when it did. */
  userFilePath?: string;
  /** The play path (encrypted full file). */
  relayAudioUrl: string;
  /** Seconds. */
  duration: number;
  packCode: string;
  packName: string;
  popularity: number;
  createdAt: string;
}

/** A pack: a named collection of samples from one brand. */
export interface Pack {
  packCode: string;
  name: string;
  names: Names;
  description: string;
  brand: string;
  category: Category;
  primaryName: string;
  /** Cover image URL. */
  cover: string;
  sampleCount: number;
  tags: string[];
  /** Every sample of the pack is in the caller's warehouse. */
  download: boolean;
  likes: boolean;
  popularity: number;
  createdAt: string;
}

/** A secondary name under a primary name, with its sample count. */
interface SecondaryNode {
  name: string;
  names: Names;
  count: number;
}

/** A primary name under a category, with its children. */
export interface PrimaryNode {
  name: string;
  names: Names;
  count: number;
  children: SecondaryNode[];
}

/** The category tree of `tt-instruments-style`. */
export interface CategoryNode {
  category: Category;
  names: Names;
  count: number;
  children: PrimaryNode[];
}

/** Query of the list and search calls (docs/api/catalogue.md). Every field optional. */
export interface AudioListQuery {
  range?: Range;
  category?: Category;
  primaryName?: string;
  secondaryName?: string;
  packCode?: string;
  keyword?: string;
  /** Comma-separated style names, matched against tags. */
  styles?: string;
  kind?: SampleKind;
  /** One key, or several comma-separated (`Am,C,Em,Dm`): any of them matches. */
  key?: string;
  bpmMin?: number;
  bpmMax?: number;
  tags?: string;
  sort?: Sort;
  /** Seed of the RANDOM sort: the same seed gives the same order on every page. */
  seed?: number;
  page?: number;
  pageSize?: number;
}

/** A tag of the library's vocabulary with its names and how many samples of a scope carry it. */
export interface TagCount {
  /** The tag as stored and as the `tags` filter takes it (lower-case English). */
  tag: string;
  names: Names;
  count: number;
}

/** Query of the tag vocabulary call: the place whose samples are counted (every field optional). */
export type TagQuery = Pick<
  AudioListQuery,
  'category' | 'primaryName' | 'secondaryName' | 'packCode' | 'keyword' | 'styles'
> & {
  /** Counts the caller's warehouse or liked samples (signed in). */
  relation?: UserRelation;
};

/** Which of the user's lists (docs/api/catalogue.md). */
export const USER_RELATIONS = ['stockroom', 'likes'] as const;

/** A user list: warehouse or liked. */
export type UserRelation = (typeof USER_RELATIONS)[number];

/** Query of the `/user` list calls. */
export interface UserListQuery extends Omit<AudioListQuery, 'range'> {
  relation: UserRelation;
  kind?: SampleKind;
  /** samples or packs (`kind` on /user is an older spelling; we call it `range` on both). */
  range?: Range;
}

/** Answer of the spectrum call: 256 peaks, 0..1. */
export interface Spectrum {
  id: number;
  peaks: number[];
}

/** What an autocomplete suggestion names. */
export type SuggestionKind = 'instrument' | 'genre' | 'tag' | 'pack' | 'brand';

/**
 * One autocomplete suggestion (GET /api/v2/tt-audios/suggest): labelled in the request's
 * language with the other language beside it, and where choosing it leads — an instrument's
 * primary and secondary names, a pack's code, or else a keyword search of `keyword`.
 */
export interface SearchSuggestion {
  kind: SuggestionKind;
  label: string;
  /** The name in the other language, or null when it is the same. */
  alt: string | null;
  /** The English name: what a keyword search for this suggestion looks for. */
  keyword: string;
  primaryName?: string;
  secondaryName?: string;
  packCode?: string;
  /** Set when the typed text matched nothing: the library words it was corrected to ("kick"). */
  corrected?: string;
}

/** The search answer: a list page, plus the corrected keyword when the typed one found nothing. */
export interface SearchListPage<T> {
  records: T[];
  total: number;
  /** Present (true) when `total` is an estimate, as on ListPage. */
  totalEstimated?: boolean;
  page: number;
  pageSize: number;
  /**
   * Present when no sample matched every typed word and some word matched nothing in the
   * library: the gateway searched `to` (each such word replaced by its closest library word).
   */
  correction?: { from: string; to: string };
}

/** Similar sounds: how many an answer holds by default, and at most (docs/api/catalogue.md). */
export const SIMILAR_LIMITS = { default: 20, max: 100 } as const;

/**
 * The answer of both similar-sounds calls: the list shape (page 1, `pageSize` the limit asked,
 * `total` the records found), best match first, and each record's cosine similarity (−1..1) in
 * `scores`, in the same order.
 */
export interface SimilarPage {
  records: Sample[];
  total: number;
  page: number;
  pageSize: number;
  scores: number[];
  /** The sample the list is similar to (the by-id call only), for a page to pin and compare. */
  source?: Sample;
}

/** The body of a search by sound: an embedding the client computed from its own file. */
export interface SimilarSearchPayload {
  /** EMBEDDING_SIZE finite numbers (src/analysis), as analyseSound answers them. */
  embedding: number[];
  /** Only sounds of this kind; absent: both kinds. */
  kind?: SampleKind;
  limit?: number;
}
