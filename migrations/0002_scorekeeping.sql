-- Scorekeeping: players, games, seats, rounds, scores, the audit log, and play drafts.
-- seats, rounds, scores and drafts are WITHOUT ROWID, stored in primary-key order: a game's
-- rows sit together and every scorecard and list reads them in that order.
-- Totals and winners are derivable from scores; seats keeps them cached (rewritten in the
-- same transaction as every change) so that lists and later statistics need no re-summing.

CREATE TABLE players (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL,
  retired    INTEGER NOT NULL DEFAULT 0 CHECK (retired IN (0, 1)),
  created_at TEXT NOT NULL
) STRICT;
-- Unique ignoring (ASCII) case: "ann" and "Ann" are one player.
CREATE UNIQUE INDEX players_name ON players (name COLLATE NOCASE);

CREATE TABLE games (
  id           INTEGER PRIMARY KEY,
  played_on    TEXT NOT NULL CHECK (played_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  status       TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished', 'abandoned')),
  boxes        INTEGER NOT NULL DEFAULT 1 CHECK (boxes IN (1, 2)),
  first_dealer INTEGER NOT NULL CHECK (first_dealer >= 0),  -- the seat that dealt round 1
  note         TEXT,
  created_at   TEXT NOT NULL,
  finished_at  TEXT,
  touched      INTEGER NOT NULL  -- grows with every change: "the most recently touched game"
) STRICT;
CREATE INDEX games_touched ON games (touched);
CREATE INDEX games_active_touched ON games (touched) WHERE status = 'active';
CREATE INDEX games_played_on ON games (played_on, id);

-- One row per player at a game; seat 0.. is the seating order (clockwise).
CREATE TABLE seats (
  game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seat      INTEGER NOT NULL CHECK (seat >= 0),
  player_id INTEGER NOT NULL REFERENCES players (id),
  total     INTEGER NOT NULL DEFAULT 0,                     -- cached: sum of the rounds
  tiebreak  INTEGER CHECK (tiebreak >= 0),                  -- the 6-card tie-break score
  winner    INTEGER NOT NULL DEFAULT 0 CHECK (winner IN (0, 1)),  -- cached: finished games only
  PRIMARY KEY (game_id, seat),
  UNIQUE (game_id, player_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX seats_player ON seats (player_id);

CREATE TABLE rounds (
  game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  round      INTEGER NOT NULL CHECK (round BETWEEN 1 AND 11),
  entered_at TEXT NOT NULL,
  PRIMARY KEY (game_id, round)
) STRICT, WITHOUT ROWID;

CREATE TABLE scores (
  game_id  INTEGER NOT NULL,
  round    INTEGER NOT NULL,
  seat     INTEGER NOT NULL,
  points   INTEGER NOT NULL CHECK (points >= 0),
  went_out INTEGER NOT NULL DEFAULT 0 CHECK (went_out IN (0, 1)),
  hand     TEXT,  -- the cards as entered, when the points came from a hand
  PRIMARY KEY (game_id, round, seat),
  FOREIGN KEY (game_id, round) REFERENCES rounds (game_id, round) ON DELETE CASCADE,
  FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

-- Every change, with the values before and after as JSON text. No foreign key on game_id:
-- the log outlives a deleted game (its old value holds the whole game).
CREATE TABLE audit (
  id        INTEGER PRIMARY KEY,
  at        TEXT NOT NULL,
  game_id   INTEGER,
  action    TEXT NOT NULL,
  summary   TEXT NOT NULL,
  old_value TEXT CHECK (old_value IS NULL OR json_valid(old_value)),
  new_value TEXT CHECK (new_value IS NULL OR json_valid(new_value))
) STRICT;
CREATE INDEX audit_game ON audit (game_id, id);

-- What `crowns play` has typed so far for the next round, so that quitting mid-round
-- (or a closed laptop lid) resumes exactly there. Not scores yet; not audited.
CREATE TABLE drafts (
  game_id INTEGER NOT NULL,
  round   INTEGER NOT NULL,
  seat    INTEGER NOT NULL,
  value   TEXT NOT NULL,
  PRIMARY KEY (game_id, seat),
  FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
