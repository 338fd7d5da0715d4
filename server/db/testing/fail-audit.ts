// Test support: the forced failure of an audit write, to show a change and its row are one transaction.

/** A trigger that makes every audit row's insert fail (the forced failure of a repository test). */
export const FAIL_AUDIT = {
  sqlite: `CREATE TRIGGER audit_fails BEFORE INSERT ON audit_log
    BEGIN SELECT RAISE(ABORT, 'audit refused'); END`,
  postgres: `CREATE FUNCTION audit_fails() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'audit refused'; END $$;
    CREATE TRIGGER audit_fails BEFORE INSERT ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_fails()`,
};
