-- What a user removed from the warehouse (docs/api/catalogue.md, "POST /api/v2/tt-audios/user/remove"):
-- the acquisition moves here, out of every warehouse list, and is still owned, so downloading it
-- again is free and brings it back. A row is in `acquisitions` or here, never in both.
CREATE TABLE hidden_acquisitions (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sample_id INTEGER NOT NULL REFERENCES samples(id) ON DELETE CASCADE,
  acquired_at TEXT NOT NULL,
  user_file_path TEXT,
  hidden_at TEXT NOT NULL,
  PRIMARY KEY (user_id, sample_id)
);
CREATE INDEX hidden_acquisitions_sample ON hidden_acquisitions (sample_id);
