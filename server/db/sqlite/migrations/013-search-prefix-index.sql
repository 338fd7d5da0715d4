-- Searches on the 1,000,000-row `huge` library (benchmarks/README.md "Gateway speed"): every Latin
-- word is a prefix query ("v"*), which FTS5 answers by merging the doclists of every word with
-- that prefix, again for each query it starts. Prefix indexes of 1 and 2 characters make a
-- short word one doclist (on a migrated copy of the 100k library: counting `v`, 99 % of the
-- rows, 12 -> 3.4 ms; a full name with `in`, `01`, `v2` 4.7 -> 0.7 ms), and a row is tested
-- against a short word by a seek, so a broad keyword's first pages in popularity order walk
-- the popularity index and stop after a page (sqlite/catalogue/list.ts).
-- FTS5 options cannot be altered: the table is rebuilt under the same name (rowid = samples.id).
CREATE VIRTUAL TABLE samples_fts_prefix USING fts5(
  name, tags, brand, pack, type, grp,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2'
);
INSERT INTO samples_fts_prefix (rowid, name, tags, brand, pack, type, grp)
  SELECT rowid, name, tags, brand, pack, type, grp FROM samples_fts;
DROP TABLE samples_fts;
ALTER TABLE samples_fts_prefix RENAME TO samples_fts;
