-- Solitaire games (crowns solitaire): the deal, every play, and how the game ended.
-- A game is saved after every play, so one left with `q` (or killed) resumes where it was.
CREATE TABLE solitaire_games (
  id           INTEGER PRIMARY KEY,
  player_id    INTEGER REFERENCES players (id),  -- NULL: played without --player
  seed         INTEGER,                          -- NULL: real cards laid out with --deal
  deal         TEXT NOT NULL,  -- JSON {"piles":[[cards of pile 1],...],"stock":[...] or null}
  plays        TEXT NOT NULL DEFAULT '[]',  -- JSON [["turned card", pile, "discard"], ...]
  status       TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'won', 'lost')),
  piles_closed INTEGER NOT NULL DEFAULT 0 CHECK (piles_closed BETWEEN 0 AND 11),
  hints        INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0),  -- hints asked for
  started_at   TEXT NOT NULL,
  finished_at  TEXT
) STRICT;
CREATE INDEX solitaire_games_player ON solitaire_games (player_id, status);
