-- A pack's publication (docs/ADMIN.md "Packs"): 0 hides it and its samples from users; whoever
-- acquired them keeps them. Few packs are unpublished, so the partial index is their small set.
ALTER TABLE packs ADD COLUMN published INTEGER NOT NULL DEFAULT 1 CHECK (published IN (0, 1));
CREATE INDEX packs_unpublished ON packs (code) WHERE published = 0;
