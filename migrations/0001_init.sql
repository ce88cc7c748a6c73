-- The first schema. Scorekeeping tables arrive in later migrations.
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
