-- Indexes for the catalogue lists (measured at 100k samples, docs/api/catalogue.md): each common
-- filter with the default sort reads its page straight from an index instead of sorting.
CREATE INDEX samples_category_popularity ON samples(category, popularity DESC, id);
CREATE INDEX samples_primary_popularity ON samples(category, primary_name, popularity DESC, id);
CREATE INDEX samples_name_en ON samples(name_en COLLATE NOCASE, id);
CREATE INDEX samples_name_zh ON samples(name_zh, id);
CREATE INDEX samples_bpm ON samples(bpm, id);
CREATE INDEX samples_duration ON samples(duration, id);
CREATE INDEX packs_popularity ON packs(popularity DESC, code);
CREATE INDEX packs_created ON packs(created_at DESC, code);
-- The download routes look up a user's pending grants and acquisitions by sample.
CREATE INDEX acquisitions_sample ON acquisitions(sample_id);
