-- Games get an identity that survives export and import: a random UUID (version 4, written
-- 8-4-4-4-12 in lower-case hex). `crowns import` merges a game of the file into the game here
-- with the same uuid instead of adding a second copy (docs/DATA.md, "Merging").
--
-- SQLite cannot add a column whose default is an expression, so games is rebuilt (as 0004
-- did; the migration runner turns foreign keys off around it and checks them before
-- committing). Every game here gets its own uuid from the default; so does every game any
-- later INSERT makes, whichever code path writes it. The AUTOINCREMENT counter is carried
-- over: a deleted game's number is still never reused.

CREATE TABLE games_new (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  played_on    TEXT NOT NULL CHECK (played_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  status       TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished', 'abandoned')),
  boxes        INTEGER NOT NULL DEFAULT 1 CHECK (boxes IN (1, 2)),
  first_dealer INTEGER NOT NULL CHECK (first_dealer >= 0),  -- the seat that dealt round 1
  note         TEXT,
  created_at   TEXT NOT NULL,
  finished_at  TEXT,
  touched      INTEGER NOT NULL,  -- grows with every change: "the most recently touched game"
  uuid         TEXT NOT NULL DEFAULT (
                 lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' ||
                 substr(lower(hex(randomblob(2))), 2) || '-' ||
                 substr('89ab', 1 + abs(random() % 4), 1) || substr(lower(hex(randomblob(2))), 2) ||
                 '-' || lower(hex(randomblob(6))))
               CHECK (uuid GLOB '????????-????-????-????-????????????' AND
                      uuid NOT GLOB '*[^0-9a-f-]*')
) STRICT;
INSERT INTO games_new (id, played_on, status, boxes, first_dealer, note, created_at, finished_at,
                       touched)
  SELECT id, played_on, status, boxes, first_dealer, note, created_at, finished_at, touched
  FROM games;
-- The counter goes past every id ever used: the old counter, and the ids the log names.
DELETE FROM sqlite_sequence WHERE name = 'games_new';
INSERT INTO sqlite_sequence (name, seq)
  SELECT 'games_new', max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'games'), 0),
                          coalesce((SELECT max(id) FROM games), 0),
                          coalesce((SELECT max(game_id) FROM audit), 0));
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE INDEX games_touched ON games (touched);
CREATE INDEX games_active_touched ON games (touched) WHERE status = 'active';
CREATE INDEX games_played_on ON games (played_on, id);
CREATE UNIQUE INDEX games_uuid ON games (uuid);
