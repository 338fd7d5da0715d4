-- SQLite's migration 030-sound-analysis, translated (docs/LIBRARY.md "Stored analysis"): what the
-- audio analysis found in each sample beside what the pack shipped; `audio_key`, `bpm` and `kind`
-- stay the effective values, `*_source` says where each came from.
ALTER TABLE samples ADD COLUMN detected_bpm double precision;
ALTER TABLE samples ADD COLUMN detected_key text;
ALTER TABLE samples ADD COLUMN detected_kind text CHECK (detected_kind IN ('oneshot', 'loop'));
ALTER TABLE samples ADD COLUMN lufs double precision;
ALTER TABLE samples ADD COLUMN true_peak_db double precision;
-- EMBEDDING_SIZE little-endian float4 values, L2-normalised (NULL until analysed).
ALTER TABLE samples ADD COLUMN embedding bytea;
ALTER TABLE samples ADD COLUMN bpm_source text CHECK (bpm_source IN ('pack', 'detected'));
ALTER TABLE samples ADD COLUMN key_source text CHECK (key_source IN ('pack', 'detected'));
ALTER TABLE samples ADD COLUMN kind_source text NOT NULL DEFAULT 'pack'
  CHECK (kind_source IN ('pack', 'detected'));
UPDATE samples SET bpm_source = 'pack', key_source = 'pack' WHERE pack_code NOT LIKE 'imp-%';
UPDATE samples SET kind_source = 'detected' WHERE pack_code LIKE 'imp-%';
CREATE INDEX samples_unanalysed ON samples (id) WHERE embedding IS NULL;
