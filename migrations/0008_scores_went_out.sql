-- The rounds each player went out in, without reading every score: the statistics commands
-- (leaderboard, stats, h2h) count "outs" per seat, and that count scanned all scores of all
-- games (495,244 rows on the 10,000-game benchmark database) for the 22% with went_out = 1.
-- The partial index holds only those rows (about 1 MB there) and covers the query (went_out
-- is in it, or SQLite reads each row back to check it); see docs/PERFORMANCE.md.
CREATE INDEX scores_went_out ON scores (game_id, seat, went_out) WHERE went_out = 1;
