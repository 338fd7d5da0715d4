-- Filters measured slow on the 100k `large` library without them (docs/api/catalogue.md): the
-- key filter (1 in 24 samples) and a secondary name without its category, as pack lists use it.
CREATE INDEX samples_key ON samples(audio_key, kind);
CREATE INDEX samples_secondary ON samples(secondary_name, pack_code);
