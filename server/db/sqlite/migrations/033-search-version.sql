-- The word sets of a search (server/db/sqlite/accelerators/word-sets.ts) are kept while the samples'
-- search text is unchanged: `meta.search_version` changes with every write of it. The library
-- writer and migrations bump it in code; a deleted sample's search row goes in this trigger, so
-- the trigger bumps it too (docs/DATABASE.md, "Word sets").
DROP TRIGGER samples_search_delete;
CREATE TRIGGER samples_search_delete AFTER DELETE ON samples BEGIN
  DELETE FROM samples_fts WHERE rowid = ((2147483647 - old.popularity) << 32) | old.id;
  INSERT INTO meta (key, value) VALUES ('search_version', '1')
    ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1;
END;
