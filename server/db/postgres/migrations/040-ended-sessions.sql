-- Sessions ended before their access tokens ran out: SQLite's migration 040, translated
-- (docs/DATABASE.md, "Schema translation"; docs/api/accounts.md#sessions).
CREATE TABLE ended_sessions (
  session_id text PRIMARY KEY,
  user_id integer NOT NULL,
  ended_at bigint NOT NULL,
  version bigint NOT NULL
);
CREATE INDEX ended_sessions_version ON ended_sessions (version);
CREATE INDEX ended_sessions_ended_at ON ended_sessions (ended_at);

-- One row, updated in the transaction of every end: its row lock makes the writers of all
-- instances take turns, so versions commit in order.
CREATE TABLE session_version (
  id integer PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL
);
INSERT INTO session_version (id, version) VALUES (1, 0);

ALTER TABLE users ADD COLUMN disabled_at bigint;
