-- What a user removed from the warehouse (docs/api/catalogue.md, "POST /api/v2/tt-audios/user/remove"):
-- the acquisition moves here, out of every warehouse list, and is still owned, so downloading it
-- again is free and brings it back. A row is in `acquisitions` or here, never in both.
CREATE TABLE hidden_acquisitions (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sample_id integer NOT NULL REFERENCES samples(id) ON DELETE CASCADE,
  acquired_at text COLLATE "C" NOT NULL,
  user_file_path text,
  hidden_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (user_id, sample_id)
);
CREATE INDEX hidden_acquisitions_sample ON hidden_acquisitions (sample_id);
