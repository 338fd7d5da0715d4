-- sort=RANDOM as on SQLite (SQLite's migration 021, docs/api/catalogue.md "Sorts"): each sample's
-- key is yinku_shuffle(id, 0), and a seed's order starts at a point on the circle of keys. The
-- key is a function of the id, so an expression index gives it without a stored column.
CREATE INDEX samples_shuffle ON samples (yinku_shuffle(id, 0), id);
