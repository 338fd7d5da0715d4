-- The format version of each sample's stored preview (docs/LIBRARY.md "Auditions"). Previews
-- stored before it are version 1 (mono 22.05 kHz 64 kbit/s): NULL says so, and the next start
-- encodes them again in the background (encodePendingAuditions), keeping each row playable.
ALTER TABLE samples ADD COLUMN audition_version INTEGER;
