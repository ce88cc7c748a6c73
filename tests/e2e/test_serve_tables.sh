#!/usr/bin/env bash
# Each phone follows the table it chose when players change tables between games (issue 38):
# a game started from a table's page is that table's next game, whoever plays it; another
# table's game, though it seats players of this one, never moves a phone; a lagging phone's
# rematch of a table that moved on is refused and the phone goes to the table's game; a game
# started "anyway" takes the table's phones, and the game left is no table of its own
# (tests/browser/tables.test.js, headless Chromium at 360x800 with touch; then crowns serve's
# list of tables).
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f

# Two tables at round 11: game 1 (Ann, Bob, Cy, Dee) and game 2 (Eve, Fay, Gus, Hal).
"$CROWNS" new --another Ann Bob Cy Dee --add >/dev/null
"$CROWNS" new --another Eve Fay Gus Hal --add >/dev/null
for r in 1 2 3 4 5 6 7 8 9 10; do
  "$CROWNS" round --game 1 out $((r + 3)) 5 5 >/dev/null
  "$CROWNS" round --game 2 out $((r + 3)) 5 5 >/dev/null
done
check "both games are at round 11" [ "$("$CROWNS" show --game 2 --json | json next | json round)" = 11 ]

browser_setup tables.test.js
shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
CROWNS=$CROWNS CROWNS_DB=$CROWNS_DB OUT=$shots CHROMIUM=$BROWSER timeout 120 node "$work/tables.test.js"
check "the browser checks pass" [ $? = 0 ]
# Started again, crowns serve prints the tables as they are: game 4, left when table 1 started
# game 5 from its page, is no table of its own.
start_server
check "it prints table 1's game 5" grep -qxF "  game 5 (Cy, Dee): $BASE/keep?token=$TOKEN&game=5" "$SERVE_OUT"
check "and table 2's game 3" grep -qxF "  game 3 (Ann, Bob, Eve, Fay): $BASE/keep?token=$TOKEN&game=3" "$SERVE_OUT"
check "not game 4" [ "$(grep -c '^  game ' "$SERVE_OUT")" = 2 ]
stop_server
finish
