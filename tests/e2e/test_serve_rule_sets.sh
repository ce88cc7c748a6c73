#!/usr/bin/env bash
# The phone's pages across rule sets (issue 47 item 4): a standard game and a down game
# without wild melds; the phone's leaderboard, open when the down game finishes, says its games
# span two rule sets, and the
# phone's report names the house rules of the records held in the down game, at 360x800 with
# touch (tests/browser/rule_sets.test.js, which starts crowns serve itself). The test clock
# (CROWNS_TIME) keeps the games in one order.
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f

play() {  # play TIME GAME VALUES...: one round at the test clock's TIME
  local at=$1 game=$2
  shift 2
  CROWNS_TIME=$at "$CROWNS" round --game "$game" "$@" >/dev/null
}
CROWNS_TIME=10:00:00 "$CROWNS" new --add Ann Bob >/dev/null
for r in 1 2 3 4 5 6 7 8 9 10 11; do play 10:00:00 1 '0*' "$((r + 10))"; done
CROWNS_TIME=11:00:00 "$CROWNS" new --add Ann Bob --order down --wild-melds no >/dev/null
play 11:00:00 2 '0*' 95
for r in 2 3 4 5 6 7 8 9 10; do play 11:00:00 2 "$((r + 20))" '0*'; done
# Round 11 of the down game is recorded by the browser test while the leaderboard is open.
check "one finished game so far: no mix to tell" [ -z "$("$CROWNS" leaderboard --json | json rule_sets)" ]

browser_setup rule_sets.test.js
shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
CROWNS=$CROWNS CROWNS_DB=$CROWNS_DB OUT=$shots CHROMIUM=$BROWSER timeout 120 node "$work/rule_sets.test.js"
check "the browser checks pass" [ $? = 0 ]
finish
