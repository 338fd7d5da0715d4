import type { SuggestionEntry } from './search-suggestions.ts';
import type { VocabularyTerm } from './search-vocabulary.ts';
import type {
  AudioFormat,
  Category,
  MusicalKey,
  Range,
  SampleKind,
  SearchSort,
  UserRelation,
} from '../../src/shared/api/catalogue.types.ts';
import type { Language } from '../../src/shared/languages.ts';
import type { KeywordSearch } from './cjk-text.ts';

export type { KeywordSearch };

/** Sample-level conditions of a list or search (every field optional, all must hold). */
export interface SampleFilter {
  category?: Category;
  primaryName?: string;
  secondaryName?: string;
  packCode?: string;
  /** A keyword search, as words (`keywordSearch`): no query syntax of any storage. */
  search?: KeywordSearch;
  /** Any of these appears, word for word, in the tags, the primary or the secondary name. */
  styles?: string[];
  /** Every one of these appears, word for word, in the tags. */
  tags?: string[];
  kind?: SampleKind;
  /** Any of these keys. */
  keys?: MusicalKey[];
  bpmMin?: number;
  bpmMax?: number;
  /** The gateway's, never a user's: leave out unpublished packs' samples (docs/ADMIN.md "Packs"). */
  publishedOnly?: boolean;
}

/** Restricts a list to one of a user's lists. */
export interface RelationScope {
  userId: number;
  relation: UserRelation;
}

/** A page request against the catalogue. */
export interface ListRequest {
  filter: SampleFilter;
  sort: SearchSort;
  /** Seed of the RANDOM sort. */
  seed: number;
  page: number;
  pageSize: number;
  /** Language of the NAME sort. */
  language: Language;
  /** The caller, for the download/likes flags (null when anonymous). */
  viewerId: number | null;
  scope?: RelationScope;
}

/** One page of rows and the total number of matches. */
interface RowPage<T> {
  rows: T[];
  total: number;
  /** `total` is an estimate (docs/api/catalogue.md, "Totals"); absent or false: exact. */
  totalEstimated?: boolean;
}

/** A sample's file facts and tags: what the library writes of them, the catalogue reads. */
export interface SampleFileFacts {
  sampleRate: number;
  channels: number;
  bitDepth: number | null;
  sizeBytes: number;
  duration: number;
  tags: string[];
}

/** A sample as stored, with its pack and brand and the viewer's flags. */
export interface SampleRow extends SampleFileFacts {
  id: number;
  packCode: string;
  packNameEn: string;
  packNameZh: string;
  brand: string;
  nameEn: string;
  nameZh: string;
  category: Category;
  primaryName: string;
  secondaryName: string;
  audioKey: MusicalKey | null;
  bpm: number | null;
  /** Whether the key and BPM are the audio analysis's (not the pack's own labels). */
  keyDetected: boolean;
  bpmDetected: boolean;
  kind: SampleKind;
  format: AudioFormat;
  auditionCode: string | null;
  popularity: number;
  createdAt: string;
  owned: boolean;
  liked: boolean;
  userFilePath: string | null;
  /** The analysis' integrated loudness (LUFS) and true peak (dBTP); null before it ran. */
  lufs: number | null;
  truePeakDb: number | null;
}

/** A pack's code, names, descriptions and brand: written by the library, read by the catalogue. */
export interface PackTexts {
  code: string;
  nameEn: string;
  nameZh: string;
  descriptionEn: string;
  descriptionZh: string;
  brand: string;
}

/** A pack as stored, with its counts and the viewer's flags. */
export interface PackRow extends PackTexts {
  category: Category;
  primaryName: string;
  tags: string[];
  popularity: number;
  createdAt: string;
  sampleCount: number;
  /** Samples of the pack in the viewer's warehouse. */
  ownedCount: number;
  liked: boolean;
}

/** One (category, primary, secondary) cell of the category tree with its count. */
export interface TreeCell {
  category: Category;
  primaryName: string;
  secondaryName: string;
  /** Samples in the cell, or for a pack tree the pack codes having samples in it. */
  count: number;
  packCodes?: string[];
}

/** Localised name of a taxonomy entry (secondaryName '' is the primary row). */
export interface TaxonomyName {
  category: Category;
  primaryName: string;
  secondaryName: string;
  nameZh: string;
  position: number;
}

/** A tag of the library and how many samples of a scope carry it. */
export interface TagCountRow {
  tag: string;
  count: number;
}

/** The stored file of a sample, as play and download need it. */
interface SampleFile {
  id: number;
  blobHash: string;
  mediaType: string;
  fileName: string;
  brand: string;
  primaryName: string;
  secondaryName: string;
}

/** A stored binary with its media type (cover, audition). */
interface StoredBlob {
  hash: string;
  mediaType: string;
}

/** Stored embeddings of one kind, row by row: sample id, pack number, EMBEDDING_SIZE floats. */
export interface EmbeddingGroup {
  ids: Int32Array;
  /** Index into EmbeddingSnapshot.packCodes. */
  packs: Int32Array;
  vectors: Float32Array;
  /** The vectors × EmbeddingSnapshot.scale, rounded to Int8 (the fast first pass). */
  quantised: Int8Array;
}

/** Every stored embedding, grouped by kind (what the similar-sounds index searches). */
export interface EmbeddingSnapshot {
  /** Changes whenever an embedding is written (a stamp, not a count). */
  version: string;
  packCodes: string[];
  /** Pack code → index into packCodes. */
  packIndex: Map<string, number>;
  /** One factor for every vector (127 / the largest |value|), so Int8 dot products rank alike. */
  scale: number;
  groups: Record<SampleKind, EmbeddingGroup>;
}

/** What the similar-sounds call needs of the sample it starts from. */
interface SampleEmbedding {
  kind: SampleKind;
  packCode: string;
  /** null: not analysed yet. */
  embedding: Float32Array | null;
}

/** Storage behind the catalogue and playback routes. */
export interface CatalogueRepository {
  /** One page of samples matching the request. */
  listSamples(request: ListRequest): Promise<RowPage<SampleRow>>;
  /** One page of packs having samples that match the request. */
  listPacks(request: ListRequest): Promise<RowPage<PackRow>>;
  /** Counts per (category, primary, secondary); per user list when scoped. */
  treeCells(options: {
    category?: Category;
    scope?: RelationScope;
    range: Range;
    /** Leave out unpublished packs' samples (SampleFilter.publishedOnly). */
    publishedOnly?: boolean;
  }): Promise<TreeCell[]>;
  /** The tags of the samples matching `filter` (in a user's list when scoped), most used first. */
  tagCounts(filter: SampleFilter, scope?: RelationScope): Promise<TagCountRow[]>;
  /** Localised names and positions of the taxonomy. */
  taxonomy(): Promise<TaxonomyName[]>;
  /** One pack, or null. */
  findPack(code: string, viewerId: number | null): Promise<PackRow | null>;
  /** The cover image of a pack, or null. */
  packCover(code: string): Promise<StoredBlob | null>;
  /**
   * Removes items from a user's warehouse or likes; answers how many went. A warehouse item is
   * hidden, never given back: it stays owned, so a later download of it is free.
   */
  removeUserItems(
    scope: RelationScope,
    range: Range,
    ids: readonly (number | string)[],
    now: number,
  ): Promise<number>;
  /**
   * Undoes a removal: hidden warehouse items come back (packs: every hidden sample of the pack),
   * and the named samples or packs are liked again. Answers how many came back.
   */
  restoreUserItems(
    scope: RelationScope,
    range: Range,
    ids: readonly (number | string)[],
    now: number,
  ): Promise<number>;
  /** The stored file of a sample, or null. */
  sampleFile(id: number): Promise<SampleFile | null>;
  /** The stored peaks blob of a sample, or null (no such sample, or no peaks yet). */
  samplePeaks(id: number): Promise<Uint8Array | null>;
  /** The MP3 audition of an audition code, or null. */
  audition(code: string): Promise<StoredBlob | null>;
  /** The words of the full-text index with their sample counts (for keyword corrections). */
  searchVocabulary(): Promise<VocabularyTerm[]>;
  /**
   * Some words of the full-text index, among them every word within `word`'s allowed edit
   * distance and every word it starts (search-vocabulary.ts), or null when the adapter cannot
   * narrow them for this word (searchVocabulary() is read whole). Optional.
   */
  correctionCandidates?(word: string): Promise<VocabularyTerm[] | null>;
  /** Every name autocomplete offers: taxonomy, genres, tags, packs, brands. */
  suggestionEntries(): Promise<SuggestionEntry[]>;
  /** Sample rows by id in the order given (ids that do not exist are left out). */
  samplesByIds(ids: number[], viewerId: number | null): Promise<SampleRow[]>;
  /** Every stored embedding; the same object until an embedding is written. */
  embeddings(): Promise<EmbeddingSnapshot>;
  /** A sample's kind, pack and embedding, or null when there is no such sample. */
  sampleEmbedding(id: number): Promise<SampleEmbedding | null>;
  /** Whether any pack is unpublished (then lists ask for `publishedOnly`). */
  anyUnpublished(): Promise<boolean>;
  /** The ids among `ids` hidden from the viewer: in an unpublished pack and not acquired. */
  hiddenSamples(ids: readonly number[], viewerId: number | null): Promise<number[]>;
  /** Whether pack `code` is unpublished and the viewer acquired none of its samples. */
  packHidden(code: string, viewerId: number | null): Promise<boolean>;
  /** The SPKI DER public key `keyId` registered by `userId`, or null. */
  clientKey(keyId: string, userId: number): Promise<Uint8Array | null>;
}
