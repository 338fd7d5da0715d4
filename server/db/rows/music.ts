import type { SongRecord } from '../../music/music.repository.ts';

/** The `songs` columns every song read selects. */
export const COLUMNS =
  'id, slot, title, title_zh, tags, prompt, duration, blob_hash, media_type, cover_hash, created_at';

/** A `songs` row (COLUMNS) as the music port's SongRecord. */
export function toRecord(row: Record<string, unknown>): SongRecord {
  return {
    id: Number(row.id),
    slot: row.slot === null ? null : Number(row.slot),
    title: String(row.title),
    titleZh: row.title_zh === null ? null : String(row.title_zh),
    tags: JSON.parse(String(row.tags)) as string[],
    prompt: String(row.prompt),
    duration: Number(row.duration),
    blobHash: String(row.blob_hash),
    mediaType: String(row.media_type),
    coverHash: String(row.cover_hash),
    createdAt: String(row.created_at),
  };
}

/** `%`, `_` and `\` typed by a user are literal characters, not LIKE wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The columns a new song fills, in `songValues` order. */
export const SONG_INSERT_COLUMNS =
  'slot, title, title_zh, tags, prompt, duration, blob_hash, media_type, cover_hash, created_at';

/** A new song's values in SONG_INSERT_COLUMNS order. */
export const songValues = (song: Omit<SongRecord, 'id'>): (string | number | null)[] => [
  song.slot,
  song.title,
  song.titleZh,
  JSON.stringify(song.tags),
  song.prompt,
  song.duration,
  song.blobHash,
  song.mediaType,
  song.coverHash,
  song.createdAt,
];
