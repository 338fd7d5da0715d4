import { API, type MusicTrack, type SongListPage, type SongListQuery } from '../../shared/index.ts';
import { http } from './http.client.ts';
import type { QueryValue } from './query.ts';

/** The AI-song catalogue (CREATOR and ADMIN only; others get 403). */
export const musicApi = {
  /** One page of songs with the catalogue's generation status and tags; empty filters are left out. */
  songs(query: SongListQuery, options: { signal?: AbortSignal; silent?: boolean } = {}) {
    const searchParams: Record<string, QueryValue> = {};
    for (const [key, value] of Object.entries(query))
      if (value !== undefined && value !== '') searchParams[key] = value;
    return http.get<SongListPage>(API.songs, { ...options, searchParams });
  },
  /** One song, with fresh stream and cover URLs (their tokens last 15–20 minutes). */
  song(id: number, options: { signal?: AbortSignal; silent?: boolean } = {}) {
    return http.get<MusicTrack>(API.song(id), options);
  },
};
