#!/usr/bin/env bash
# The phone's pages across rule sets (issue 47 item 4): a standard game and a down game
# without wild melds; the phone's leaderboard, open when the down game finishes, says its games
# span two rule sets, and the
# phone's report names the house rules of the records held in the down game, and the
# leaderboard is limited to one rule set by a chip (?rules=, the terminal's --rules words), at
# 360x800 with touch (tests/browser/rule_sets.test.js, which starts crowns serve itself);
# ?rules= read and refused on the real server, and the limited report equal to crowns report
# --rules's. The test clock (CROWNS_TIME) keeps the games in one order.
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
# Round 11 of the down game is recorded by the browser test while the leaderboard is open,
# and round 11 of a third, standard game (Cy and Dee) while the standard games' one is.
CROWNS_TIME=12:00:00 "$CROWNS" new --add --another Cy Dee >/dev/null
for r in 1 2 3 4 5 6 7 8 9 10; do play 12:00:00 3 "$((r + 3))" '0*'; done
check "one finished game so far: no mix to tell" [ -z "$("$CROWNS" leaderboard --json | json rule_sets)" ]

# ?rules= takes the terminal's --rules words, '=' as typed or escaped; a bad value is the
# page's 400 naming it and the right form; the limited report is crowns report --rules's.
start_server
check "the server starts" [ -n "$BASE" ]
code=$(curl -s -o "$E2E_TMP/bad.html" -w '%{http_code}' "$BASE/leaderboard?rules=order=sideways")
check "a bad rules= is a 400" [ "$code" = 400 ]
check "naming the word and the right form" grep -q "rules=order: &#39;sideways&#39; is not one of up|down|random" "$E2E_TMP/bad.html"
code=$(curl -s -o "$E2E_TMP/bad.html" -w '%{http_code}' "$BASE/report?rules=colour%3Dred")
check "on the report too" [ "$code" = 400 ]
check "naming the part that is not a switch" grep -q "rules=&#39;colour=red&#39; is not a switch; write rules=standard or rules=SWITCH=WORD" "$E2E_TMP/bad.html"
typed=$(curl -s "$BASE/leaderboard?rules=wild_melds=no,order=down")
check "typed with '=': the down games' leaderboard" grep -q 'rules: order down, wild melds no</small>' <<<"$typed"
check "the same page as its link's" [ "$typed" = "$(curl -s "$BASE/leaderboard?rules=order%3Ddown,wild_melds%3Dno")" ]
served=$(curl -s "$BASE/report?all=1&rules=standard" | grep -v '<meta name="generator"')
cli=$("$CROWNS" report --all --rules standard --html - | grep -v '<meta name="generator"')
check "the served report of one rule set is crowns report --rules's" [ "$served" = "$cli" ]
check "which says the rule set it covers" grep -q '<p class="meta rule-set" id="rule-set">Only the games played under the standard rules.</p>' <<<"$cli"
check "and holds none of the down game" bash -c '! grep -q "id=\"game-2\"" <<<"$1"' _ "$cli"
check "nor of its standings (the down game's 95)" bash -c '! grep -q ">95<" <<<"$1"' _ "$cli"
stop_server

browser_setup rule_sets.test.js
shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
CROWNS=$CROWNS CROWNS_DB=$CROWNS_DB OUT=$shots CHROMIUM=$BROWSER timeout 120 node "$work/rule_sets.test.js"
check "the browser checks pass" [ $? = 0 ]
finish
