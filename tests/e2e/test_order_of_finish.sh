#!/usr/bin/env bash
# One order of finish on every screen (issue 36 item 4): Ann, Bob and Cat tie at 70 and play
# the tie-break, 0, 10 and 20. The scorecard's JSON, the phone's standings and its JSON, the
# head-to-head, each player's opponents, the ratings and the leaderboard all place them 1, 2,
# 3, side by side (docs/RULES.md, "The order of finish").
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f

"$CROWNS" new --add Ann Bob Cat >/dev/null
for r in 1 2 3 4 5 6 7 8 9; do
  case $((r % 3)) in
    0) values=(out 10 10) ;;
    1) values=(10 out 10) ;;
    2) values=(10 10 out) ;;
  esac
  "$CROWNS" round --round "$r" "${values[@]}" >/dev/null || echo "FAIL: round $r"
done
"$CROWNS" round --round 10 out 10 5 >/dev/null
"$CROWNS" round --round 11 10 out 5 >/dev/null
"$CROWNS" tiebreak Ann=out Bob=10 Cat=20 >/dev/null

places() { python3 -c 'import json,sys; p=json.load(sys.stdin)["places"]; print(p["Ann"], p["Bob"], p["Cat"])'; }
check "the scorecard's JSON: 1 2 3" test "$("$CROWNS" show --json | places)" = "1 2 3"

h2h=$("$CROWNS" h2h Bob Cat --all --json)
check "head to head: Bob finished ahead of Cat ($h2h)" grep -q '"a_lower":1,"b_lower":0,"equal":0' <<<"$h2h"
check "head to head in words: Bob ahead once" bash -c "'$CROWNS' h2h Bob Cat --all | grep -q '^Finished ahead *1 *0$'"
cat_stats=$("$CROWNS" stats Cat --all --json)
check "Cat's opponents: behind Ann and Bob" python3 -c '
import json, sys
o = {v["opponent"]: v for v in json.loads(sys.argv[1])["opponents"]}
assert o["Ann"]["higher"] == 1 and o["Bob"]["higher"] == 1 and o["Bob"]["equal"] == 0, o' "$cat_stats"

board=$("$CROWNS" leaderboard --all --json)
check "the ratings: Ann above Bob above Cat" python3 -c '
import json, sys
r = {p["player"]: p["rating"] for p in json.loads(sys.argv[1])["players"]}
assert r["Ann"] > r["Bob"] > r["Cat"], r' "$board"

# The phone: the standings' # column and the page's JSON.
start_server
page=$(curl -s "$BASE/game/1")
rows=$(sed -n 's|.*<tr[^>]*><td>\([0-9]\)</td><td class="name"><a class="tap" href="[^"]*">\([A-Za-z]*\).*|\1 \2|p' <<<"$page" | tr '\n' ' ')
check "the phone's standings: 1 Ann 2 Bob 3 Cat ($rows)" test "$rows" = "1 Ann 2 Bob 3 Cat "
check "the phone's JSON: 1 2 3" test "$(curl -s "$BASE/game/1.json" | places)" = "1 2 3"
stop_server
finish
