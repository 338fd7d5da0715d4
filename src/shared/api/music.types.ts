/** An AI song (SPEC §3 music track). */
export interface MusicTrack {
  id: number;
  title: string;
  relayImageUrl: string;
  tags: string[];
  /** Lyrics prompt; may contain escaped line breaks ("\\n"). */
  prompt: string;
  /** Seconds. */
  duration: number;
  streamUrl: string;
}

/** Query of the songs call. */
export interface SongListQuery {
  tag?: string;
  keyword?: string;
  page?: number;
  pageSize?: number;
}

/** Answer of the songs call while the catalogue is still being generated. */
export interface SongCatalogueStatus {
  ready: boolean;
  generated: number;
  total: number;
}
