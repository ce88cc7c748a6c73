-- A late arrival (crowns join): a player seated into a game already under way plays from
-- the round they joined in and starts with a total the table chose. Their seat gets the next
-- seat number (the seats before keep theirs, so every score and logged change still names the
-- right seat); they have no scores in the rounds before they joined.
--   joined_round: the first round the seat plays; NULL for the players seated at the start.
--   start_total:  the total they started with (0 for the players seated at the start).
ALTER TABLE seats ADD COLUMN joined_round INTEGER CHECK (joined_round BETWEEN 2 AND 11);
ALTER TABLE seats ADD COLUMN start_total INTEGER NOT NULL DEFAULT 0 CHECK (start_total >= 0);
