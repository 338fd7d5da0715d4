-- Sessions ended before their access tokens ran out (docs/api/accounts.md#sessions). A session is
-- a refresh-token family; its id is the `sid` every access token of it names. Each gateway keeps
-- the recently ended ids in memory and refuses their tokens without asking the database.
CREATE TABLE ended_sessions (
  session_id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL,
  ended_at INTEGER NOT NULL,
  -- session_version.version as the end was written: instances poll that one row and read the
  -- ends after the version they last saw.
  version INTEGER NOT NULL
);
CREATE INDEX ended_sessions_version ON ended_sessions (version);
CREATE INDEX ended_sessions_ended_at ON ended_sessions (ended_at);

-- One row, bumped in the transaction of every end: writers take turns on it, so versions become
-- visible in order and a reader that saw version V has seen every end up to V.
CREATE TABLE session_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO session_version (id, version) VALUES (1, 0);

-- An account an operator disabled: it cannot sign in, and every session of it ended.
ALTER TABLE users ADD COLUMN disabled_at INTEGER;

-- Ending every session of a user (a password change) finds its refresh tokens by user.
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);
