-- The AI-song catalogue (docs/PRODUCT.md §1 AI music, §3 music track). Audio and covers are blobs.
CREATE TABLE songs (
  id INTEGER PRIMARY KEY,
  -- Position in the generator's plan; a restart only fills the slots still missing.
  -- NULL for songs that did not come from the generator.
  slot INTEGER UNIQUE,
  title TEXT NOT NULL,
  title_zh TEXT,
  tags TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags)),
  -- Lyrics prompt; line breaks are stored escaped (a literal backslash followed by n).
  prompt TEXT NOT NULL,
  duration REAL NOT NULL CHECK (duration > 0),
  blob_hash TEXT NOT NULL,
  media_type TEXT NOT NULL,
  cover_hash TEXT NOT NULL,
  created_at TEXT NOT NULL
);
