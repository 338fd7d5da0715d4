-- Accounts, tokens, codes, client keys.
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  plan TEXT NOT NULL DEFAULT 'free',
  -- Downloads left; NULL means unlimited.
  download_quota INTEGER DEFAULT 20,
  sample_types TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL
);

CREATE TABLE user_roles (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role_code TEXT NOT NULL CHECK (role_code IN ('ORDINARY', 'CREATOR', 'ADMIN')),
  PRIMARY KEY (user_id, role_code)
);

CREATE TABLE refresh_tokens (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  family_id TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX refresh_tokens_family ON refresh_tokens(family_id);

CREATE TABLE email_codes (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL COLLATE NOCASE,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'reset')),
  code_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  consumed_at INTEGER
);
CREATE INDEX email_codes_lookup ON email_codes(email, purpose, created_at);

CREATE TABLE client_keys (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  public_key BLOB NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE invitation_codes (
  code TEXT PRIMARY KEY,
  uses_left INTEGER NOT NULL
);

CREATE TABLE assessments (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  invitation_code TEXT NOT NULL REFERENCES invitation_codes(code),
  created_at INTEGER NOT NULL,
  finished_at INTEGER
);

-- Catalogue.
CREATE TABLE brands (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  name_zh TEXT NOT NULL
);

-- Localised names of primary and secondary category names (secondary_name '' = the primary row).
CREATE TABLE taxonomy (
  category TEXT NOT NULL CHECK (category IN ('instruments', 'genres', 'cinematicFx', 'chineseStyle')),
  primary_name TEXT NOT NULL,
  secondary_name TEXT NOT NULL DEFAULT '',
  name_zh TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (category, primary_name, secondary_name)
);

CREATE TABLE packs (
  code TEXT PRIMARY KEY,
  name_en TEXT NOT NULL,
  name_zh TEXT NOT NULL,
  description_en TEXT NOT NULL DEFAULT '',
  description_zh TEXT NOT NULL DEFAULT '',
  brand_id INTEGER NOT NULL REFERENCES brands(id),
  category TEXT NOT NULL,
  primary_name TEXT NOT NULL,
  cover_hash TEXT,
  cover_type TEXT NOT NULL DEFAULT 'image/png',
  tags TEXT NOT NULL DEFAULT '[]',
  popularity INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX packs_category ON packs(category, primary_name);

CREATE TABLE samples (
  id INTEGER PRIMARY KEY,
  pack_code TEXT NOT NULL REFERENCES packs(code),
  name_en TEXT NOT NULL,
  name_zh TEXT NOT NULL,
  category TEXT NOT NULL,
  primary_name TEXT NOT NULL,
  secondary_name TEXT NOT NULL,
  audio_key TEXT,
  bpm INTEGER,
  kind TEXT NOT NULL CHECK (kind IN ('oneshot', 'loop')),
  format TEXT NOT NULL,
  media_type TEXT NOT NULL,
  sample_rate INTEGER NOT NULL,
  channels INTEGER NOT NULL,
  bit_depth INTEGER,
  size_bytes INTEGER NOT NULL,
  duration REAL NOT NULL,
  tags TEXT NOT NULL DEFAULT '[]',
  blob_hash TEXT NOT NULL,
  file_name TEXT NOT NULL,
  audition_code TEXT UNIQUE,
  audition_hash TEXT,
  peaks BLOB,
  popularity INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX samples_browse ON samples(category, primary_name, secondary_name);
CREATE INDEX samples_pack ON samples(pack_code);
CREATE INDEX samples_popularity ON samples(popularity DESC, id);
CREATE INDEX samples_created ON samples(created_at DESC, id);

-- Full-text index: CJK text is stored with a space between characters so that 2-character
-- words match (docs/STACK-NOTES.md#sqlite-fts5-and-chinese); rowid = samples.id.
CREATE VIRTUAL TABLE samples_fts USING fts5(
  name, tags, brand, pack, type, grp,
  tokenize = 'unicode61 remove_diacritics 2'
);

-- What users own, like, and are downloading.
CREATE TABLE acquisitions (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sample_id INTEGER NOT NULL REFERENCES samples(id) ON DELETE CASCADE,
  acquired_at TEXT NOT NULL,
  user_file_path TEXT,
  PRIMARY KEY (user_id, sample_id)
);

CREATE TABLE download_grants (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sample_id INTEGER NOT NULL REFERENCES samples(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'committed', 'rolled_back')),
  charged INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX download_grants_user ON download_grants(user_id, sample_id, status);

CREATE TABLE sample_likes (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sample_id INTEGER NOT NULL REFERENCES samples(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, sample_id)
);

CREATE TABLE pack_likes (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  pack_code TEXT NOT NULL REFERENCES packs(code) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, pack_code)
);

-- Commerce.
CREATE TABLE products (
  id TEXT PRIMARY KEY,
  name_en TEXT NOT NULL,
  name_zh TEXT NOT NULL,
  download_quota INTEGER,
  price_cents INTEGER NOT NULL,
  period TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES products(id),
  price_cents INTEGER NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
