-- The review queue (docs/LIBRARY.md "Review findings"): what the checks at ingest found in each
-- file. A file that could not be used (INVALID_AUDIO) has no sample, only its pack and name.
CREATE TABLE review_findings (
  id INTEGER PRIMARY KEY,
  sample_id INTEGER REFERENCES samples(id) ON DELETE CASCADE,
  pack_code TEXT NOT NULL,
  file_name TEXT NOT NULL,
  code TEXT NOT NULL,
  detail TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'fixed', 'rejected')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX review_findings_pack ON review_findings (pack_code, id);
CREATE INDEX review_findings_sample ON review_findings (sample_id);
