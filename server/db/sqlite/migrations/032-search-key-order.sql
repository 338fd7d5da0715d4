-- Searches in RELEVANCE (name matches first, then popularity) and full-text lists in popularity
-- order on the 1,000,000-row library: FTS5 lists a match's rows in rowid order, and with
-- rowid = samples.id every first page had to read, score or sort all of its matches (`kick`
-- 11,112 rows, `古筝` 44,448: 15 and 50 ms in SQL at 1M, 10× their 100k time). With the rowid
-- the sample's search key, (2^31 - 1 - popularity) << 32 | id, ascending rowids are popularity
-- descending then id ascending, so `ORDER BY rowid LIMIT n` stops after a page
-- (docs/DATABASE.md, "Search in popularity order"). The id is the key's low 32 bits.
-- FTS5 options cannot be altered: the table is rebuilt under the same name.
CREATE VIRTUAL TABLE samples_fts_keyed USING fts5(
  name, tags, brand, pack, type, grp,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2'
);
INSERT INTO samples_fts_keyed (rowid, name, tags, brand, pack, type, grp)
  SELECT ((2147483647 - s.popularity) << 32) | s.id, f.name, f.tags, f.brand, f.pack, f.type, f.grp
  FROM samples_fts f JOIN samples s ON s.id = f.rowid ORDER BY 1;
DROP TABLE samples_fts;
ALTER TABLE samples_fts_keyed RENAME TO samples_fts;

-- A download lifts a sample's popularity: its search row moves to its new key.
CREATE TRIGGER samples_search_key AFTER UPDATE OF popularity ON samples
WHEN new.popularity <> old.popularity BEGIN
  UPDATE samples_fts SET rowid = ((2147483647 - new.popularity) << 32) | new.id
  WHERE rowid = ((2147483647 - old.popularity) << 32) | old.id;
END;

-- A deleted sample takes its search row with it.
CREATE TRIGGER samples_search_delete AFTER DELETE ON samples BEGIN
  DELETE FROM samples_fts WHERE rowid = ((2147483647 - old.popularity) << 32) | old.id;
END;
