-- An invitation code's kind (docs/ADMIN.md "Default role for staff"): finishing the assessment
-- with a `creator` code grants CREATOR; a `staff` code also grants the default role for staff
-- (admin_settings.staffDefaultRole) as it stands at that moment.
ALTER TABLE invitation_codes ADD COLUMN kind TEXT NOT NULL DEFAULT 'creator'
  CHECK (kind IN ('creator', 'staff'));
