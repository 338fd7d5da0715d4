-- Roles made of permissions (docs/ADMIN.md). Permissions are identifiers the gateway checks
-- (src/shared/api/admin.types.ts); ADMIN holds every one of them without rows here.
CREATE TABLE roles (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  built_in INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
INSERT INTO roles (code, name, built_in, created_at) VALUES
  ('ORDINARY', 'Ordinary user', 1, 0),
  ('CREATOR', 'Creator', 1, 0),
  ('ADMIN', 'Administrator', 1, 0);

CREATE TABLE role_permissions (
  role_code TEXT NOT NULL REFERENCES roles(code) ON DELETE CASCADE,
  permission TEXT NOT NULL,
  PRIMARY KEY (role_code, permission)
);

-- user_roles again, its role a row of roles instead of one of three fixed codes: SQLite cannot
-- drop a CHECK, so the table is copied (every existing user keeps every role).
CREATE TABLE user_roles_050 (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role_code TEXT NOT NULL REFERENCES roles(code) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_code)
);
INSERT INTO user_roles_050 (user_id, role_code) SELECT user_id, role_code FROM user_roles;
DROP TABLE user_roles;
ALTER TABLE user_roles_050 RENAME TO user_roles;
CREATE INDEX user_roles_role ON user_roles (role_code);

-- Operator settings: `staffDefaultRole`, the role the users screen proposes for new staff.
CREATE TABLE admin_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO admin_settings (key, value) VALUES ('staffDefaultRole', 'CREATOR');

-- Invitation codes an operator made expire or revoked stop starting and finishing assessments.
ALTER TABLE invitation_codes ADD COLUMN expires_at INTEGER;
ALTER TABLE invitation_codes ADD COLUMN revoked_at INTEGER;
ALTER TABLE invitation_codes ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;

-- Every admin change: who, when, what, before → after (JSON texts).
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  actor_id INTEGER NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  before_value TEXT,
  after_value TEXT
);
