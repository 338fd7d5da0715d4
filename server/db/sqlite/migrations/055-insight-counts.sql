-- Insight (docs/ADMIN.md "Insight"): plays, downloads and searches summed per UTC day, kind and
-- key. Gateways add to a row with an upsert (count = count + n), so several instances share it.
-- STRICT: a day or count written as text is refused rather than stored.
CREATE TABLE insight_counts (
  day INTEGER NOT NULL,
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, kind, key)
) WITHOUT ROWID, STRICT;
