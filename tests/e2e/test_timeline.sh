#!/usr/bin/env bash
# The night remembered (issue 39): each game's start, end and length and each round's time in
# show, stats and records; times carried by an export and kept by an import, never made up;
# rivalries in stats. The times the store wrote are set to known ones with sqlite3.
source "$(dirname "$0")/helpers/lib.sh"
T=$E2E_TMP
c() { "$CROWNS" "$@"; }
quiet() { "$@" >/dev/null; }
# play GAME N: records N rounds of game GAME (Ann out; Bob 10 + round; Cy, if seated, 20).
play() {
  local game=$1 n=$2 seats
  seats=$(sqlite3 "$CROWNS_DB" "SELECT count(*) FROM seats WHERE game_id = $game")
  for r in $(seq 1 "$n"); do
    if [ "$seats" = 3 ]; then quiet c round --game "$game" --force 0* $((10 + r)) 20
    else quiet c round --game "$game" --force 0* $((10 + r)); fi
  done
}
# times GAME START STEP: the game started at START, round r recorded r * STEP minutes later.
times() {
  sqlite3 "$CROWNS_DB" "UPDATE games SET created_at = '$2' WHERE id = $1;
    UPDATE rounds SET entered_at = datetime('$2', '+' || (round * $3) || ' minutes')
    WHERE game_id = $1"
}

quiet c new --another Ann Bob Cy --add
play 1 3
times 1 '2026-01-15 09:00:00' 10
# (CROWNS_TODAY makes it 12:00 now.)
check "a game under way: the time since it started" \
  grep -qx 'Time: 3 h 00 min so far (started 2026-01-15 09:00 UTC)' <(c show --game 1)
json=$(c show --game 1 --json)
check "show --json: started_at in ISO 8601 UTC" grep -q '"started_at":"2026-01-15T09:00:00Z","ended_at":null,"duration_s":null,"elapsed_s":10800' <<<"$json"
check "show --json: each round's recorded_at and time" \
  grep -q '"recorded_at":"2026-01-15T09:20:00Z","duration_s":600' <<<"$json"
play 1 8
times 1 '2026-01-15 19:00:00' 10
check "a finished game: its length, start and end" \
  grep -qx 'Time: 1 h 50 min (2026-01-15 19:00 to 20:50 UTC)' <(c show --game 1)
check "show --json: duration_s" grep -q '"ended_at":"2026-01-15T20:50:00Z","duration_s":6600' \
  <(c show --game 1 --json)

# A correction keeps the time the round was first recorded.
quiet c edit 2 Bob=40 --game 1
check "an edited round keeps its time" \
  grep -q '"round":2,.*"recorded_at":"2026-01-15T19:20:00Z"' <(c show --game 1 --json)

quiet c new --another Ann Bob
play 2 11
times 2 '2026-01-15 21:00:00' 3
quiet c new --another Ann Bob Cy
play 3 11
times 3 '2026-01-15 22:00:00' 5
sqlite3 "$CROWNS_DB" "UPDATE rounds SET entered_at = '2026-01-15 23:40:00' WHERE game_id = 3 AND round = 11"
out=$(c stats Ann)
check "stats: the time played and the average game" \
  grep -qx '  Time played     4 h 03 min, average game 1 h 21 min' <<<"$out"
check "stats --json: hours_played" grep -q '"hours_played":4.05,"timed_games":3,"average_game_s":4860' \
  <(c stats Ann --json)
out=$(c records)
check "records: the longest game" grep -qE '^Longest game +1 h 50 min +1  2026-01-15' <<<"$out"
check "records: the shortest game" grep -qE '^Shortest game +33 min +2  2026-01-15' <<<"$out"
check "records: the slowest round" grep -qE '^Slowest round +50 min +3  2026-01-15  round 11' <<<"$out"
check "records --json: the slowest round" \
  grep -q '"slowest_round":{"game":3,"date":"2026-01-15","round":11,"duration_s":3000,"rules":null}' <(c records --json)

# The report shows the same three (issue 39), and each player's time played and rivals.
golden="$(dirname "$0")/helpers/timeline_report.golden"
c report --html - | sed -n '/<section id="time">/,/<\/section>/p' >"$T/time.html"
if [ "${UPDATE:-}" = 1 ]; then cp "$T/time.html" "$golden"; fi
check "the report's time and rivals match $golden" diff "$golden" "$T/time.html"
check "the report: the longest and shortest game and the slowest round" grep -qF \
  '<p class="meta">Longest game: 1 h 50 min (<a href="#game-1">game 1</a>); shortest: 33 min (<a href="#game-2">game 2</a>); slowest round: 50 min (<a href="#game-3">game 3</a>, round 11).</p>' "$T/time.html"

# Rivalries: Ann went out every round, so she finished lower than Bob and Cy in every game.
check "stats: Ann beats Bob most" grep -qx '  Beats most      Bob (finished behind 3 times in 3 games)' <(c stats Ann)
check "stats: Bob's nemesis is Ann" grep -qx '  Nemesis         Ann (finished ahead 3 times in 3 games)' <(c stats Bob)
check "stats: Cy, 2 games with each: no nemesis yet" \
  grep -qx '  Nemesis         - (no one yet: it takes 3 games together, more often one way than the other)' <(c stats Cy)
check "stats --json: nemesis" grep -q '"nemesis":{"opponent":"Ann","games":3,"times":3,"share":1.0}' \
  <(c stats Bob --json)

# The export carries the times, an import keeps them; a CSV carries none and none is made up.
quiet c export --out "$T/all.json"
quiet c export --format csv --out "$T/all.csv"
check "the export carries the times" \
  grep -q '"started_at":"2026-01-15T19:00:00Z","ended_at":"2026-01-15T20:50:00Z","recorded_at":\["2026-01-15T19:10:00Z"' "$T/all.json"
quiet c --db "$T/b.db" import "$T/all.json"
check "an import keeps the times" \
  grep -qx 'Time: 1 h 50 min (2026-01-15 19:00 to 20:50 UTC)' <(c --db "$T/b.db" show --game 1)
check "exported again, the same times" cmp -s <(c export) <(c --db "$T/b.db" export)
quiet c --db "$T/c.db" import "$T/all.csv"
check "a CSV's games: times not known" \
  grep -qx 'Time: not known (imported without times)' <(c --db "$T/c.db" show --game 1)
check "a CSV's games: null times in JSON" \
  grep -q '"started_at":null,"ended_at":null,"duration_s":null' <(c --db "$T/c.db" show --game 1 --json)
check "a CSV's games: no time played" grep -qx '  Time played     not known (no game with its times)' \
  <(c --db "$T/c.db" stats Ann)
check "a CSV's games export no times" bash -c "! grep -q started_at <('$CROWNS' --db '$T/c.db' export)"

# A bad time in a file is refused, naming the place.
sed 's/"started_at":"2026-01-15T19:00:00Z"/"started_at":"2026-01-15 19:00"/' "$T/all.json" >"$T/bad.json"
check "a bad time is refused" grep -q "games\[0\].started_at: '2026-01-15 19:00' is not a time written 2026-01-15T19:04:00Z" \
  <(c --db "$T/d.db" import "$T/bad.json" 2>&1)
finish
