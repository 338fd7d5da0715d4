-- One tag per meaning (docs/LIBRARY.md, "Tags"): the tags that meant one thing are merged in
-- every sample's and pack's tag list, each tag once, in first-seen order. The pairs are
-- TAG_SYNONYMS of server/catalogue/tag-vocabulary.ts (a test holds the two equal); the SQLite
-- adapter runs the same merge as code migration 036. The search text keeps the words: a search
-- for an alias finds the same samples as before.
CREATE TEMPORARY TABLE tag_synonyms (alias text PRIMARY KEY, tag text NOT NULL) ON COMMIT DROP;
INSERT INTO tag_synonyms (alias, tag) VALUES
  ('chinese', 'chinese style'),
  ('claps', 'clap'),
  ('guofeng', 'chinese style'),
  ('hat', 'hi-hat'),
  ('hihat', 'hi-hat'),
  ('hiphop', 'hip-hop'),
  ('keys', 'keyboard'),
  ('pads', 'pad'),
  ('plucks', 'pluck'),
  ('rnb', 'r&b'),
  ('sub', 'sub bass'),
  ('toms', 'tom'),
  ('vocal', 'vocals'),
  ('vocal chops', 'chop');

CREATE FUNCTION pg_temp.merged_tags(tags text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT COALESCE('[' || string_agg(to_json(word)::text, ',' ORDER BY pos) || ']', '[]')
  FROM (
    SELECT COALESCE(s.tag, lower(e.value)) AS word, min(e.ord) AS pos
    FROM jsonb_array_elements_text(tags::jsonb) WITH ORDINALITY AS e(value, ord)
    LEFT JOIN tag_synonyms s ON s.alias = lower(e.value)
    GROUP BY 1
  ) merged
$$;

UPDATE samples SET tags = pg_temp.merged_tags(tags)
  WHERE tags::jsonb ?| ARRAY(SELECT alias FROM tag_synonyms);
UPDATE packs SET tags = pg_temp.merged_tags(tags)
  WHERE tags::jsonb ?| ARRAY(SELECT alias FROM tag_synonyms);
DROP FUNCTION pg_temp.merged_tags(text);
