-- RELEVANCE without rechecks (docs/DATABASE.md "Search"): the name's own tsvector, exact in GIN
-- for words and prefixes; one lexeme per pair of adjacent CJK characters (`古筝`), so a
-- two-character CJK word is one lexeme, exact in GIN, instead of a phrase GIN cannot check; and
-- each sample's popularity, so a tier's matches are ordered without reading `samples`.

-- The pairs of adjacent single-CJK-character words of a stored text (words separated by one
-- space, postgres/catalogue/search-text.ts): `古 筝 刮 奏` gives `古筝 筝刮 刮奏`. cjkPairs() is the same.
CREATE FUNCTION yinku_cjk_pairs(words text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(w || n, ' ' ORDER BY i), '')
  FROM (
    SELECT w, i, lead(w) OVER (ORDER BY i) AS n
    FROM unnest(string_to_array(words, ' ')) WITH ORDINALITY AS t(w, i)
  ) AS p
  WHERE w ~ '^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]$'
    AND n ~ '^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]$'
$$;

-- `document` keeps its lexemes and positions; the pairs come after them (a pair is never part
-- of a phrase query, so no phrase can match across them).
ALTER TABLE sample_search
  DROP COLUMN document,
  ADD COLUMN popularity integer NOT NULL DEFAULT 0,
  ADD COLUMN document tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple'::regconfig, name), 'A') ||
    setweight(to_tsvector('simple'::regconfig, tags), 'B') ||
    setweight(to_tsvector('simple'::regconfig, type || ' ' || grp), 'C') ||
    setweight(to_tsvector('simple'::regconfig, pack || ' ' || brand), 'D') ||
    to_tsvector('simple'::regconfig,
      yinku_cjk_pairs(name) || ' ' || yinku_cjk_pairs(tags) || ' ' ||
      yinku_cjk_pairs(type || ' ' || grp) || ' ' || yinku_cjk_pairs(pack || ' ' || brand))
  ) STORED,
  ADD COLUMN name_document tsvector GENERATED ALWAYS AS (
    to_tsvector('simple'::regconfig, name) ||
    to_tsvector('simple'::regconfig, yinku_cjk_pairs(name))
  ) STORED;

UPDATE sample_search q SET popularity = s.popularity FROM samples s WHERE s.id = q.sample_id;

CREATE INDEX sample_search_document ON sample_search USING gin (document);
CREATE INDEX sample_search_name_document ON sample_search USING gin (name_document);
-- The name tier of a broad word (`v`, in ~99 % of names; `kick`, ~1 %) walks this in popularity
-- order with no sort and no heap visit: each entry holds the name's vector, tested in the index
-- (an index-only scan, ~0.3 µs an entry at 1M rows against ~4.5 µs reading the row).
CREATE INDEX sample_search_popularity ON sample_search (popularity DESC, sample_id)
  INCLUDE (name_document);

-- Downloads raise samples.popularity (`popularity = popularity + 1`): the search row follows.
CREATE FUNCTION yinku_search_popularity() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sample_search SET popularity = NEW.popularity WHERE sample_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER samples_search_popularity AFTER UPDATE OF popularity ON samples
  FOR EACH ROW WHEN (OLD.popularity IS DISTINCT FROM NEW.popularity)
  EXECUTE FUNCTION yinku_search_popularity();

ANALYZE sample_search;
