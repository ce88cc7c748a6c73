-- House rules (issue 47, docs/RULES.md "House options"): a game carries the rules it is played
-- under, chosen when it starts and never changed under it; a game from before this migration
-- was played under the standard rules, which the defaults are.
--   round_order: the order of the rounds: up (3 to 13 cards), down (13 to 3), or random.
--   wild_melds:  1 when a meld made only of wild cards counts, 0 when it does not.
--   book_suits:  any (the natural cards of a book may repeat a suit) or distinct.
--   leads:       who starts a round: left (of the dealer) or out (whoever went out first in
--                the round before; left of the dealer in round 1).
--   ties:        shared (a tie for the lowest total is a shared win unless a tie-break is
--                recorded) or tiebreak (the game is not over until the tie-break is).
--   dealt:       for round_order random, the card counts of the rounds dealt so far, in
--                round order, separated by spaces ("7 3 12"): a round is dealt when it becomes
--                the round to record (round 1 when the game starts, round k+1 when round k is
--                recorded), and its count is drawn then from the counts not yet dealt, so no
--                one, reading the database either, knows a round's cards before it is dealt.
--                Only ever added to: an undo or a correction never deals again. '' otherwise.
--   deal_seed:   a game started with `crowns new --order random --seed N` draws its rounds from
--                that seed (round_sequence in crowns/round_order.hpp; for demonstrations and
--                tests); NULL: drawn from SQLite's random() when each round is dealt.
ALTER TABLE games ADD COLUMN round_order TEXT NOT NULL DEFAULT 'up'
  CHECK (round_order IN ('up', 'down', 'random'));
ALTER TABLE games ADD COLUMN wild_melds INTEGER NOT NULL DEFAULT 1 CHECK (wild_melds IN (0, 1));
ALTER TABLE games ADD COLUMN book_suits TEXT NOT NULL DEFAULT 'any'
  CHECK (book_suits IN ('any', 'distinct'));
ALTER TABLE games ADD COLUMN leads TEXT NOT NULL DEFAULT 'left' CHECK (leads IN ('left', 'out'));
ALTER TABLE games ADD COLUMN ties TEXT NOT NULL DEFAULT 'shared'
  CHECK (ties IN ('shared', 'tiebreak'));
ALTER TABLE games ADD COLUMN dealt TEXT NOT NULL DEFAULT ''
  CHECK (dealt NOT GLOB '*[^0-9 ]*');
ALTER TABLE games ADD COLUMN deal_seed INTEGER;

-- The club's default rules, which a new game takes for every switch `crowns new` (or the
-- phone's start form) does not set: one row, written by `crowns rules set`. Its columns are
-- those of games; the row is here from the start, holding the standard rules until set.
CREATE TABLE club_rules (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  round_order TEXT NOT NULL DEFAULT 'up' CHECK (round_order IN ('up', 'down', 'random')),
  wild_melds  INTEGER NOT NULL DEFAULT 1 CHECK (wild_melds IN (0, 1)),
  book_suits  TEXT NOT NULL DEFAULT 'any' CHECK (book_suits IN ('any', 'distinct')),
  leads       TEXT NOT NULL DEFAULT 'left' CHECK (leads IN ('left', 'out')),
  ties        TEXT NOT NULL DEFAULT 'shared' CHECK (ties IN ('shared', 'tiebreak')),
  set_at      TEXT
) STRICT;
INSERT INTO club_rules (id) VALUES (1);
