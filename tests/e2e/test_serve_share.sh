#!/usr/bin/env bash
# The phone's part of issue 39 in a real browser (tests/browser/share.test.js): a finished
# game's page shows its length and offers its final standings as a PNG made in the page; a
# game under way shows the time since it started and offers no picture. The evening page
# (/tonight) says what crowns tonight says.
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"

browser_setup share.test.js
shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
"$CROWNS" new --another Ann Bob --add >/dev/null
for r in $(seq 11); do "$CROWNS" round --force 0* $((r + 2)) >/dev/null; done
"$CROWNS" new --another Ann Bob >/dev/null
"$CROWNS" round --game 2 0* 9 >/dev/null
sqlite3 "$CROWNS_DB" "UPDATE games SET created_at = '2026-01-15 19:00:00' WHERE id = 1;
  UPDATE rounds SET entered_at = datetime('2026-01-15 19:00:00', '+' || (round * 10) || ' minutes')
  WHERE game_id = 1"
start_server
check "the server starts" [ -n "$BASE" ]
page=$(curl -s "$BASE/tonight")
check "/tonight: the evening" grep -q '<h1>Tonight <small>2026-01-15</small></h1>' <<<"$page"
check "/tonight: who won game 1, and its length" \
  grep -q '<tr><td data-label="Game"><a class="tap" href="/game/1">1</a></td><td class="name" data-label="Winner">Ann</td><td data-label="Total">0</td><td data-label="Time">1 h 50 min</td></tr>' <<<"$page"
check "/tonight: the best round" grep -q '<dt>Best round</dt><dd>Ann went out in round 11 of game 1, the others scored 13 points</dd>' <<<"$page"
check "/tonight: the ratings" grep -q '<th>Rating before</th>' <<<"$page"
check "/games links to it" grep -q 'href="/tonight"' <(curl -s "$BASE/games")
check "/tonight?date=: another day" grep -q 'No finished games that day' <(curl -s "$BASE/tonight?date=2026-02-01")
check "/tonight?date=bad: 400" test "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/tonight?date=2026-02-30")" = 400
BASE=$BASE OUT=$shots CHROMIUM=$BROWSER timeout 120 node "$work/share.test.js"
check "the browser checks pass" [ $? = 0 ]
stop_server
check "the server stops cleanly" [ $? = 0 ]
finish
