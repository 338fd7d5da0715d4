-- What the audio analysis (src/analysis, docs/LIBRARY.md "Stored analysis") found in each
-- sample, kept beside what the pack shipped. `audio_key`, `bpm` and `kind` stay the EFFECTIVE
-- values that filters, sorts and rows read (so every index of 001–012 still serves them): the
-- shipped value when the pack has one, else the detected one; `*_source` says which.
ALTER TABLE samples ADD COLUMN detected_bpm REAL;
ALTER TABLE samples ADD COLUMN detected_key TEXT;
ALTER TABLE samples ADD COLUMN detected_kind TEXT CHECK (detected_kind IN ('oneshot', 'loop'));
-- Integrated loudness (LUFS) and true peak (dBTP) of the file.
ALTER TABLE samples ADD COLUMN lufs REAL;
ALTER TABLE samples ADD COLUMN true_peak_db REAL;
-- The sound's embedding: EMBEDDING_SIZE little-endian Float32 values, L2-normalised; NULL until
-- analysed (similar sounds skip such rows).
ALTER TABLE samples ADD COLUMN embedding BLOB;
ALTER TABLE samples ADD COLUMN bpm_source TEXT CHECK (bpm_source IN ('pack', 'detected'));
ALTER TABLE samples ADD COLUMN key_source TEXT CHECK (key_source IN ('pack', 'detected'));
ALTER TABLE samples ADD COLUMN kind_source TEXT NOT NULL DEFAULT 'pack'
  CHECK (kind_source IN ('pack', 'detected'));
-- A 'pack' source with a NULL value means the pack says "none" (a kick has no key): analysis
-- never overrides it. Rows stored before this migration: the generator's metadata is complete;
-- an imported row (pack code `imp-…`) shipped nothing, and its kind came from its duration.
UPDATE samples SET bpm_source = 'pack', key_source = 'pack' WHERE pack_code NOT LIKE 'imp-%';
UPDATE samples SET kind_source = 'detected' WHERE pack_code LIKE 'imp-%';
-- The rows still waiting for their analysis (analysePending), found without reading every row:
-- the index holds only those.
CREATE INDEX samples_unanalysed ON samples(id) WHERE embedding IS NULL;
