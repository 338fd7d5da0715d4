-- A list filtered by a BPM range only takes its total from the samples per BPM value, cached
-- until the catalogue's version (migration 031) moves (postgres/catalogue/count.ts). The stored
-- sound analysis may set a sample's BPM after its insert (an imported loop's detected tempo), so
-- a BPM update moves the version too; downloads, which update popularity, still do not.
CREATE TRIGGER samples_bpm_catalogue_version AFTER UPDATE OF bpm ON samples
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
