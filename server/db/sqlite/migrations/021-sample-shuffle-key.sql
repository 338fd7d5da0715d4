-- sort=RANDOM from a stored key (docs/api/catalogue.md, "Sorts"): ordering every sample by a
-- hash of (id, seed) sorted the whole library for each page, 155 ms at 1,000,000 rows. Each
-- sample instead keeps a 32-bit key set when it is inserted (sqlite/library/adapter.ts), and this index
-- lists samples in key order; a request's seed picks the point on that circle where its order
-- starts, so a page is an index seek and one seed pages through one order. The key is a fixed
-- hash of the id (yinku_shuffle(id, 0), registered by database.ts), so a filtered RANDOM list can
-- also compute it from any index's ids, without reading each matching row. Existing rows get
-- their key here (a rewrite of every row: seconds for the demo library, a minute for 1M rows).
ALTER TABLE samples ADD COLUMN shuffle_key INTEGER NOT NULL DEFAULT 0;
UPDATE samples SET shuffle_key = yinku_shuffle(id, 0);
CREATE INDEX samples_shuffle ON samples(shuffle_key, id);
