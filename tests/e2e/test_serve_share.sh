#!/usr/bin/env bash
# The phone's part of issue 39 in a real browser (tests/browser/share.test.js): a finished
# game's page shows its length and offers its final standings as a PNG made in the page; a
# game under way shows the time since it started and offers no picture.
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/serve_lib.sh"

browser_setup share.test.js
shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
"$CROWNS" new Ann Bob --add >/dev/null
for r in $(seq 11); do "$CROWNS" round --force 0* $((r + 2)) >/dev/null; done
"$CROWNS" new Ann Bob >/dev/null
"$CROWNS" round --game 2 0* 9 >/dev/null
sqlite3 "$CROWNS_DB" "UPDATE games SET created_at = '2026-01-15 19:00:00' WHERE id = 1;
  UPDATE rounds SET entered_at = datetime('2026-01-15 19:00:00', '+' || (round * 10) || ' minutes')
  WHERE game_id = 1"
start_server
check "the server starts" [ -n "$BASE" ]
BASE=$BASE OUT=$shots CHROMIUM=$BROWSER timeout 120 node "$work/share.test.js"
check "the browser checks pass" [ $? = 0 ]
stop_server
check "the server stops cleanly" [ $? = 0 ]
finish
