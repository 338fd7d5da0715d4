import type { MusicTrack, SongListPage } from '../../src/shared/api/music.types.ts';
import {
  arrayOf,
  boolean,
  integer,
  number,
  object,
  text,
  texts,
  type Assert,
  type SameShape,
} from '../http/response-schema.ts';

// The songs' answers as response schemas (docs/API.md#typed-routes), proved the same shape as
// src/shared/api/music.types.ts by the Assert lines.

/** One song. */
export const trackSchema = object(
  {
    id: integer,
    title: text,
    titleZh: text,
    relayImageUrl: text,
    tags: texts,
    prompt: text,
    duration: number,
    streamUrl: text,
  },
  ['titleZh'],
);

/** A page of songs with the catalogue's status and tags. */
export const songListPageSchema = object({
  records: arrayOf(trackSchema),
  total: integer,
  page: integer,
  pageSize: integer,
  status: object({ ready: boolean, generated: integer, total: integer }),
  tags: arrayOf(object({ name: text, count: integer })),
});

/** Compile-time proofs that each schema is its shared type. */
export type MusicShapes = [
  Assert<SameShape<typeof trackSchema, MusicTrack>>,
  Assert<SameShape<typeof songListPageSchema, SongListPage>>,
];
