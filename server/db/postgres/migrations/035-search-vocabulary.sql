-- The index's words with their sample counts, kept by PostgreSQL (docs/DATABASE.md "Search").
-- Typo correction read them with ts_stat over every document (a pass over all of sample_search
-- on the first search after any library change), and a typed prefix is now spelled out as the
-- exact words it starts (postgres/accelerators/trigram-vocabulary.ts), looked up on every search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- `COLLATE "C"`: byte order, so the words a prefix starts are one range of the primary key.
CREATE TABLE search_vocabulary (
  word text COLLATE "C" PRIMARY KEY,
  docs integer NOT NULL
);

-- Rebuilt whole from the documents: here, and after a bulk load (postgres/library/adapter.ts), which
-- defers the triggers below for its transaction (`SET LOCAL yinku.vocabulary_deferred = on`):
-- each statement's upsert rewrote the same words, and no version of them could be pruned
-- while the load's one transaction ran, so every upsert walked longer chains (a 1M seed's last
-- statements took 4× its first). ts_stat over 1,000,000 documents: ~4-7 s, once.
CREATE FUNCTION yinku_vocabulary_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_vocabulary;
  INSERT INTO search_vocabulary (word, docs)
    SELECT word, ndoc FROM ts_stat('SELECT document FROM sample_search');
$$;
SELECT yinku_vocabulary_rebuild();

-- Trigram candidates for typo correction (postgres/catalogue/search.ts).
CREATE INDEX search_vocabulary_trigrams ON search_vocabulary USING gin (word gin_trgm_ops);

-- Statement triggers with transition tables: one aggregate per INSERT or DELETE statement (a
-- seed writes 1,000 rows a statement), not one upsert per row and word. `unnest(tsvector)`
-- gives each lexeme of a document once, so count(*) is the number of documents holding it, as
-- ts_stat's ndoc. Words are written in order, so concurrent writers lock them in one order.
CREATE FUNCTION yinku_vocabulary_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('yinku.vocabulary_deferred', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO search_vocabulary AS v (word, docs)
    SELECT t.lexeme COLLATE "C", count(*) FROM new_rows n, unnest(n.document) AS t
    GROUP BY 1 ORDER BY 1
  ON CONFLICT (word) DO UPDATE SET docs = v.docs + excluded.docs;
  RETURN NULL;
END
$$;

CREATE FUNCTION yinku_vocabulary_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('yinku.vocabulary_deferred', true) = 'on' THEN
    RETURN NULL;
  END IF;
  WITH gone AS (
    SELECT t.lexeme COLLATE "C" AS word, count(*) AS docs FROM old_rows o, unnest(o.document) AS t
    GROUP BY 1
  ), left_over AS (
    UPDATE search_vocabulary v SET docs = v.docs - g.docs FROM gone g
    WHERE v.word = g.word AND v.docs > g.docs
    RETURNING v.word
  )
  DELETE FROM search_vocabulary v USING gone g
  WHERE v.word = g.word AND v.docs <= g.docs;
  RETURN NULL;
END
$$;

-- Nothing rewrites a search row's texts today (only its popularity follows downloads); should
-- anything, the words follow: old documents out, new ones in, only for rows whose document changed.
CREATE FUNCTION yinku_vocabulary_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('yinku.vocabulary_deferred', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n USING (sample_id) WHERE o.document <> n.document
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO search_vocabulary AS v (word, docs)
    SELECT word, sum(d) FROM (
      SELECT t.lexeme COLLATE "C" AS word, 1 AS d FROM new_rows n, unnest(n.document) AS t
      UNION ALL
      SELECT t.lexeme COLLATE "C", -1 FROM old_rows o, unnest(o.document) AS t
    ) AS c GROUP BY word HAVING sum(d) <> 0 ORDER BY word
  ON CONFLICT (word) DO UPDATE SET docs = v.docs + excluded.docs;
  DELETE FROM search_vocabulary WHERE docs <= 0;
  RETURN NULL;
END
$$;

CREATE FUNCTION yinku_vocabulary_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_vocabulary;
  RETURN NULL;
END
$$;

CREATE TRIGGER sample_search_vocabulary_insert AFTER INSERT ON sample_search
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yinku_vocabulary_insert();
CREATE TRIGGER sample_search_vocabulary_delete AFTER DELETE ON sample_search
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION yinku_vocabulary_delete();
CREATE TRIGGER sample_search_vocabulary_update AFTER UPDATE ON sample_search
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yinku_vocabulary_update();
CREATE TRIGGER sample_search_vocabulary_truncate AFTER TRUNCATE ON sample_search
  FOR EACH STATEMENT EXECUTE FUNCTION yinku_vocabulary_truncate();
