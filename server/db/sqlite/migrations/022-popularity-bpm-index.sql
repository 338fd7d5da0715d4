-- A BPM range in popularity order (the filter bar's tempo range with the default sort) on the
-- 1,000,000-row `huge` library: samples_bpm_popularity reads every match of the range and sorts
-- them (64,820 rows for 120–130: 10–20 ms, 2.3× its 100k time). Walking the popularity order
-- with the BPM in the same index entry stops after a page (0.15 ms); sqlite/catalogue/list.ts
-- takes this index when the range holds enough of the library for the walk to be short.
CREATE INDEX samples_popularity_bpm ON samples(popularity DESC, id, bpm);
