/** A song row as storage returns it. */
export interface SongRecord {
  id: number;
  slot: number | null;
  title: string;
  titleZh: string | null;
  tags: string[];
  prompt: string;
  duration: number;
  blobHash: string;
  mediaType: string;
  coverHash: string;
  createdAt: string;
}

/** A new song for storage (id is assigned there). */
type NewSong = Omit<SongRecord, 'id'>;

/** Filter and page of the songs list. */
interface SongFilter {
  tag?: string;
  keyword?: string;
  page: number;
  pageSize: number;
}

/** How often a tag occurs in the catalogue. */
export interface TagCount {
  name: string;
  count: number;
}

/** Storage of the AI-song catalogue. */
export interface MusicRepository {
  /** One page of songs (oldest first) matching the filter, and the total that match. */
  listSongs(filter: SongFilter): Promise<{ records: SongRecord[]; total: number }>;
  findSong(id: number): Promise<SongRecord | null>;
  /** Every tag with its number of songs, most used first. */
  tagCounts(): Promise<TagCount[]>;
  /** Plan slots that already hold a song (so a restart skips them). */
  filledSlots(): Promise<Set<number>>;
  /** Adds a song; a slot that is already filled is left alone (returns null). */
  insertSong(song: NewSong): Promise<SongRecord | null>;
}
