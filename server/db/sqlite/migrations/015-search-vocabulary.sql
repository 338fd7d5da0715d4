-- The words of the full-text index with their sample counts (issue 17: "kik" finds kicks). An
-- fts5vocab table stores nothing: it reads samples_fts's own term index when queried. The gateway
-- reads it once per library change to correct keyword words that match nothing
-- (server/catalogue/search-vocabulary.ts).
CREATE VIRTUAL TABLE samples_fts_vocab USING fts5vocab(samples_fts, row);
