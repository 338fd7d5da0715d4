// What an unpublished pack hides, in SQL both engines read alike (docs/ADMIN.md "Packs"): its
// samples are out of every list for everyone but those who acquired some of them.

/** A row while any pack is unpublished (migration 054's partial index: one probe). */
export const ANY_UNPUBLISHED = 'SELECT 1 AS found FROM packs WHERE published = 0 LIMIT 1';

/** The ids among `idsMatch` in an unpublished pack that `viewer` did not acquire (in this order). */
export const hiddenSamplesQuery = (viewer: string, idsMatch: string): string =>
  `SELECT s.id FROM samples s JOIN packs p ON p.code = s.pack_code
   WHERE p.published = 0 AND s.id ${idsMatch}
     AND NOT EXISTS (SELECT 1 FROM acquisitions a WHERE a.user_id = ${viewer} AND a.sample_id = s.id)`;

/** A row when pack `code` is unpublished and `viewer` acquired none of its samples. */
export const hiddenPackQuery = (code: string, viewer: string): string =>
  `SELECT 1 AS found FROM packs p
   WHERE p.code = ${code} AND p.published = 0
     AND NOT EXISTS (SELECT 1 FROM acquisitions a JOIN samples s ON s.id = a.sample_id
                     WHERE a.user_id = ${viewer} AND s.pack_code = p.code)`;
