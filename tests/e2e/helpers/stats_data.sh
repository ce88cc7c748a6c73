# The stats data set, sourced by test_stats.sh (expectations there). Needs $CROWNS.
# game DATE "NAMES" "ROUND 1 VALUES" "VALUES OF ROUNDS 2-11"
game() {
  local date=$1 names=$2 first=$3 rest=$4
  "$CROWNS" new --another --add $names --date "$date" >/dev/null || echo "setup: new failed"
  "$CROWNS" round $first >/dev/null || echo "setup: round 1 failed"
  for r in 2 3 4 5 6 7 8 9 10 11; do "$CROWNS" round --round $r $rest >/dev/null || echo "setup: round failed"; done
}
game 2025-12-31 "Ann Bob" "0* 10" "0* 5"            # 1: Ann 0, Bob 60
game 2026-01-01 "Ann Bob Cat" "0* 20 3" "5 0* 3"    # 2: Ann 50, Bob 20, Cat 33
game 2026-01-05 "Ann Cat Dan" "10 0* 10" "3 3 0*"   # 3: Ann 40, Cat 30, Dan 10
game 2026-01-07 "Ann Bob" "0* 40" "4 0*"            # 4: Ann 40, Bob 40: shared win
game 2026-01-10 "Cat Dan Edd" "0* 5 5" "4 4 0*"     # 5: Cat 40, Dan 45, Edd 5
game 2026-01-12 "Eve Ann" "0* 5" "0* 5"             # 6: Eve 0, Ann 55
game 2026-01-13 "Bob Dan" "0* 40" "4 0*"            # 7: Bob 40, Dan 40, tie-break Bob 0 Dan 5
"$CROWNS" tiebreak Bob=0 Dan=5 >/dev/null || echo "setup: tiebreak failed"
"$CROWNS" new --another Ann Bob Dan --date 2026-01-14 >/dev/null   # 8: abandoned after 3 rounds
for r in 1 2 3; do "$CROWNS" round --round $r 0* 50 50 >/dev/null; done
"$CROWNS" abandon --game 8 --yes >/dev/null || echo "setup: abandon failed"
"$CROWNS" new --another Bob Cat --date 2026-01-15 >/dev/null       # 9: still active, 2 rounds
for r in 1 2; do "$CROWNS" round --round $r 50 0* >/dev/null; done
"$CROWNS" player merge Edd Eve >/dev/null || echo "setup: merge failed"
"$CROWNS" player retire Cat >/dev/null || echo "setup: retire failed"
