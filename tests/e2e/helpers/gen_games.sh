#!/usr/bin/env bash
# Writes a crowns export (JSON) of N finished 4-player games, for tests that need a large
# import file: the rows are made in SQL in a scratch database, then written by crowns export.
#   gen_games.sh CROWNS OUT.json N [SCRATCH.db]
set -eu
crowns=$1 out=$2 n=$3 scratch=${4:-$2.gen.db}
rm -f "$scratch" "$scratch-wal" "$scratch-shm"
"$crowns" --db "$scratch" player add P1 P2 P3 P4 P5 P6 >/dev/null
sqlite3 -batch "$scratch" <<SQL
BEGIN;
WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM g WHERE i < $n)
INSERT INTO games (id, played_on, status, boxes, first_dealer, created_at, finished_at, touched)
  SELECT i, date('2020-01-01', '+' || (i / 3) || ' days'), 'finished', 1, i % 4,
         '2025-01-01 12:00:00', '2025-01-01 13:00:00', i FROM g;
INSERT INTO seats (game_id, seat, player_id)
  SELECT g.id, s.value, (g.id + s.value) % 6 + 1  -- players 1-6, added just above
  FROM games g, json_each('[0,1,2,3]') s;
INSERT INTO rounds (game_id, round, entered_at)
  SELECT g.id, r.value, '2025-01-01 12:30:00' FROM games g, json_each('[1,2,3,4,5,6,7,8,9,10,11]') r;
INSERT INTO scores (game_id, round, seat, points, went_out)
  SELECT r.game_id, r.round, s.seat,
         CASE WHEN (r.round + r.game_id) % 4 = s.seat THEN 0
              ELSE 20 + (r.game_id * 7 + r.round * 3 + s.seat * 5) % 30 END,
         (r.round + r.game_id) % 4 = s.seat
  FROM rounds r JOIN seats s ON s.game_id = r.game_id;
UPDATE seats SET total = (SELECT sum(points) FROM scores c
                          WHERE c.game_id = seats.game_id AND c.seat = seats.seat);
COMMIT;
SQL
"$crowns" --db "$scratch" export --out "$out" >/dev/null
rm -f "$scratch" "$scratch-wal" "$scratch-shm"
