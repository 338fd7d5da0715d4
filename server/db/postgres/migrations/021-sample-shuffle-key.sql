-- The RANDOM sort's stored key, as SQLite's migration 021 (docs/DATABASE.md, "Schema
-- translation"): a fixed hash of the id, here a generated column so every insert gets it, and
-- an index in key order. A seed picks where on that circle of keys its order starts.
ALTER TABLE samples ADD COLUMN shuffle_key bigint GENERATED ALWAYS AS (yinku_shuffle(id, 0)) STORED;
CREATE INDEX samples_shuffle ON samples(shuffle_key, id);
