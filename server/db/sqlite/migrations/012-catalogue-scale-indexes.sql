-- Calls measured slow on the 1,000,000-row `huge` library (benchmarks/gateway.bench.ts,
-- benchmarks/README.md "Gateway speed"): each sorted every matching row for one page.
-- sort=BPM orders by `bpm IS NULL, bpm` (one-shots last): only an index on that expression
-- gives its pages without sorting (68 ms at 1M before).
CREATE INDEX samples_bpm_sort ON samples(bpm IS NULL, bpm, id);
-- A BPM range in popularity order: the matching entries are read from this index alone instead
-- of looking up each matching row (151 ms at 1M before, 23 ms at 100k).
CREATE INDEX samples_bpm_popularity ON samples(bpm, popularity DESC, id);
-- An instrument page sorted by NEWEST (177 ms at 1M before).
CREATE INDEX samples_primary_created ON samples(category, primary_name, created_at DESC, id);
-- A keyword search in RELEVANCE order reads the popularity of every match (the tie-break):
-- from this narrow index instead of the wide sample rows (peaks inline), half the time of a
-- search matching every row (312 → 147 ms at 100k).
CREATE INDEX samples_id_popularity ON samples(id, popularity);
-- A group page (category, instrument and group) and the key filter in popularity order: each
-- page straight from the index (22 and 25 ms at 1M before, 4.0× and 4.6× their 100k times).
CREATE INDEX samples_group_popularity ON samples(category, primary_name, secondary_name, popularity DESC, id);
CREATE INDEX samples_key_popularity ON samples(audio_key, kind, popularity DESC, id);
