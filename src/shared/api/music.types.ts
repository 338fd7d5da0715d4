/** An AI song (docs/PRODUCT.md §3 music track). */
export interface MusicTrack {
  id: number;
  title: string;
  /** Chinese title, when the song has one. */
  titleZh?: string;
  relayImageUrl: string;
  tags: string[];
  /** Lyrics prompt; may contain escaped line breaks ("\\n"). */
  prompt: string;
  /** Seconds. */
  duration: number;
  /** Same-origin URL of the MP3 stream, carrying a short-lived `?token=` for `<audio>`. */
  streamUrl: string;
}

/** Query of the songs call. */
export interface SongListQuery {
  tag?: string;
  keyword?: string;
  page?: number;
  pageSize?: number;
}

/** Generation progress of the catalogue, sent with every songs page (ready once all exist). */
export interface SongCatalogueStatus {
  ready: boolean;
  generated: number;
  total: number;
}

/** A tag of the catalogue with its number of songs (the filter's options). */
export interface SongTagCount {
  name: string;
  count: number;
}

/** Answer of `GET /api/v2/songs`: a page plus the catalogue's status and tags. */
export interface SongListPage {
  records: MusicTrack[];
  total: number;
  page: number;
  pageSize: number;
  status: SongCatalogueStatus;
  tags: SongTagCount[];
}
