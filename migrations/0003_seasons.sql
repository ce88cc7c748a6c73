-- Seasons: named date ranges. A game belongs to a season by its date (played_on).
-- Without any season defined, each calendar year is a season (computed, not stored).
CREATE TABLE seasons (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL,
  starts_on  TEXT NOT NULL CHECK (starts_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  ends_on    TEXT CHECK (ends_on IS NULL OR ends_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  created_at TEXT NOT NULL,
  CHECK (ends_on IS NULL OR ends_on >= starts_on)
) STRICT;
CREATE UNIQUE INDEX seasons_name ON seasons (name COLLATE NOCASE);
