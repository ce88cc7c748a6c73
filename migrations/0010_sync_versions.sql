-- What each game's history has seen (issue 44, docs/DATA.md "Sync"): every change made to a
-- game gets a random id of 12 hex digits, and a game keeps the ids of every change its
-- version includes, its own and those taken from other databases. A sync compares these
-- sets: a version whose changes the other already holds is behind it, never a rival.
--   seen:       the change ids, separated by spaces, in no order; '' for a game from before
--               this migration (a sync gives it the digest of its content first).
--   changed_by: the sync id of the database that made the version's last change (NULL: this
--               database before it had one).
--   changed_at: when that change was made ("YYYY-MM-DD HH:MM:SS" UTC), when known.
ALTER TABLE games ADD COLUMN seen TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN changed_by TEXT;
ALTER TABLE games ADD COLUMN changed_at TEXT;

-- A deleted game, and what its history had seen when it was deleted: a file's version of the
-- game that this includes does not bring it back; one with changes the deletion had not seen
-- is a conflict. Deletions made before this migration get '' (they include nothing known).
CREATE TABLE game_tombstones (
  uuid       TEXT PRIMARY KEY,
  seen       TEXT NOT NULL,
  deleted_by TEXT,
  deleted_at TEXT
) STRICT;
INSERT OR IGNORE INTO game_tombstones (uuid, seen, deleted_at)
  SELECT json_extract(old_value, '$.uuid'), '', max(at) FROM audit
  WHERE action = 'delete' AND undone_by IS NULL AND json_extract(old_value, '$.uuid') IS NOT NULL
    AND json_extract(old_value, '$.uuid') NOT IN (SELECT uuid FROM games)
  GROUP BY json_extract(old_value, '$.uuid');

-- The versions a sync found in conflict with the game here and did not take: kept, so that
-- nothing another database typed is lost, until a later version includes them or
-- `crowns sync FOLDER --keep ...` decides. `game` is a crowns export holding that one game
-- (empty when the version is a deletion).
CREATE TABLE sync_versions (
  id       INTEGER PRIMARY KEY,
  uuid     TEXT NOT NULL,
  seen     TEXT NOT NULL,
  file     TEXT NOT NULL,
  made_by  TEXT,
  made_at  TEXT,
  game     TEXT NOT NULL,
  found_at TEXT NOT NULL,
  UNIQUE (uuid, seen)
) STRICT;
