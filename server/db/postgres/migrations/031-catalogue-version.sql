-- The catalogue's version (docs/DATABASE.md "Cached answers"): cached answers (the category tree,
-- tag counts, the search vocabulary, autocomplete names) are kept until it moves. It was read as
-- max(id) and count(*) of samples on every call that used a cache, a scan of every row: ~50 ms
-- at 1,000,000 rows, on every list. Statement-level triggers now count the writes that change
-- those answers (samples added or removed; packs added, removed or renamed, or their tags
-- changed), so reading it is one row. A download's popularity update is not one of them: it
-- would empty the caches on every download and queue every download commit on this row.
CREATE TABLE catalogue_version (
  id integer PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL
);
INSERT INTO catalogue_version (id, version) VALUES (1, 0);

CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER samples_catalogue_version AFTER INSERT OR DELETE OR TRUNCATE ON samples
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
CREATE TRIGGER packs_catalogue_version
  AFTER INSERT OR UPDATE OF code, name_en, name_zh, tags OR DELETE OR TRUNCATE ON packs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
