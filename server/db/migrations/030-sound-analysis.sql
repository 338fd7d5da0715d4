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
-- Rows stored before this migration: the generator's metadata is the pack's; an imported row's
-- kind came from its duration (a detection, though a crude one) and it had no key or BPM.
UPDATE samples SET bpm_source = 'pack' WHERE bpm IS NOT NULL;
UPDATE samples SET key_source = 'pack' WHERE audio_key IS NOT NULL;
UPDATE samples SET kind_source = 'detected' WHERE pack_code LIKE 'imp-%';
