-- What several gateway instances on one database share instead of process memory
-- (docs/DEPLOY.md#several-instances).

-- Rate-limit events: one row per counted event (a failed sign-in, a code mail), by limiter
-- bucket and a hashed key (an address or a client IP, never stored in clear).
CREATE TABLE rate_events (
  id INTEGER PRIMARY KEY,
  bucket TEXT NOT NULL,
  key_hash TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX rate_events_key ON rate_events (bucket, key_hash, at);
CREATE INDEX rate_events_age ON rate_events (bucket, at);

-- Named leases: work only one instance may do at a time (first-start seeding, one song slot).
-- A holder renews its lease while it works; a lease whose holder died expires and can be taken.
CREATE TABLE leases (
  name TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

-- Gateway instances seen recently, with a fingerprint of their token secret, so an instance
-- started with a different YINKU_TOKEN_SECRET than a live one refuses to start.
CREATE TABLE gateway_instances (
  id TEXT PRIMARY KEY,
  secret_fingerprint TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  seen_at INTEGER NOT NULL
);
