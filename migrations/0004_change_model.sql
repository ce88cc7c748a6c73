-- Ids are never reused, and undo knows what it has undone.
--
-- 1. games and players get AUTOINCREMENT: without it SQLite hands out max(id) + 1, so
--    deleting the newest game freed its number and `log --game N` then mixed the histories
--    of two games. SQLite cannot add AUTOINCREMENT to a table, so both are rebuilt (the
--    migration runner turns foreign keys off around migrations and checks them before
--    committing). The counters start past every id the audit log has ever named, so a game
--    deleted before this migration keeps its number too.
-- 2. audit.undone_by: the undo entry that reversed this entry. `crowns undo` reverses the
--    newest entry not yet undone; repeating it goes further back.

CREATE TABLE players_new (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT NOT NULL,
  retired    INTEGER NOT NULL DEFAULT 0 CHECK (retired IN (0, 1)),
  created_at TEXT NOT NULL
) STRICT;
INSERT INTO players_new (id, name, retired, created_at)
  SELECT id, name, retired, created_at FROM players;
DROP TABLE players;
ALTER TABLE players_new RENAME TO players;
CREATE UNIQUE INDEX players_name ON players (name COLLATE NOCASE);

CREATE TABLE games_new (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  played_on    TEXT NOT NULL CHECK (played_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  status       TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished', 'abandoned')),
  boxes        INTEGER NOT NULL DEFAULT 1 CHECK (boxes IN (1, 2)),
  first_dealer INTEGER NOT NULL CHECK (first_dealer >= 0),  -- the seat that dealt round 1
  note         TEXT,
  created_at   TEXT NOT NULL,
  finished_at  TEXT,
  touched      INTEGER NOT NULL  -- grows with every change: "the most recently touched game"
) STRICT;
INSERT INTO games_new (id, played_on, status, boxes, first_dealer, note, created_at, finished_at,
                       touched)
  SELECT id, played_on, status, boxes, first_dealer, note, created_at, finished_at, touched
  FROM games;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE INDEX games_touched ON games (touched);
CREATE INDEX games_active_touched ON games (touched) WHERE status = 'active';
CREATE INDEX games_played_on ON games (played_on, id);

-- Game ids the log names (deleted games included) and player ids its JSON names.
DELETE FROM sqlite_sequence WHERE name IN ('games', 'players');
INSERT INTO sqlite_sequence (name, seq)
  SELECT 'games', max(coalesce((SELECT max(id) FROM games), 0),
                      coalesce((SELECT max(game_id) FROM audit), 0));
INSERT INTO sqlite_sequence (name, seq)
  SELECT 'players', max(coalesce((SELECT max(id) FROM players), 0),
                        coalesce((SELECT max(json_extract(new_value, '$.id')) FROM audit
                                  WHERE action = 'player.add'), 0));

ALTER TABLE audit ADD COLUMN undone_by INTEGER;

-- Undos written before this version removed the last round (or the whole tie-break) without
-- saying which entry they reversed. Link them: a round undo reversed the round's entry and
-- every edit of that round since; a tie-break undo reversed every tie-break entry before it.
UPDATE audit AS a SET undone_by = (
    SELECT min(u.id) FROM audit AS u
    WHERE u.action = 'undo' AND u.game_id = a.game_id AND u.id > a.id
      AND json_extract(u.old_value, '$.round') = json_extract(a.new_value, '$.round'))
  WHERE a.action IN ('round', 'edit') AND a.undone_by IS NULL;
UPDATE audit AS a SET undone_by = (
    SELECT min(u.id) FROM audit AS u
    WHERE u.action = 'undo' AND u.game_id = a.game_id AND u.id > a.id
      AND json_extract(u.old_value, '$.round') IS NULL
      AND json_extract(u.old_value, '$.tiebreak') IS NOT NULL)
  WHERE a.action = 'tiebreak' AND a.undone_by IS NULL;
