#!/usr/bin/env bash
# One order of finish and one leaderboard on every screen (issue 45 item 5;
# tests/browser/screens.test.js, headless Chromium at 360x800 with touch, and the terminal): a
# season where the rating order and the wins order disagree, and a three-way tie-break; every
# leaderboard says its order, and every screen gives the same places, ranks and ratings.
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"

browser_setup screens.test.js
shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
# play GAME TIME PLAYER...: game GAME started at TIME (the test clock: games played in this
# order on every host), played to the end with the players finishing in the order given
# (the first goes out every round, the others 5, 10, ... points a round).
play() {
  local game=$1 time=$2
  shift 2
  local values=(0*) i
  for ((i = 1; i < $#; i++)); do values+=($((5 * i))); done
  CROWNS_TIME=$time "$CROWNS" new "$@" --add --another >/dev/null || echo "FAIL: new $*"
  for ((r = 1; r <= 11; r++)); do
    CROWNS_TIME=$time "$CROWNS" round --game "$game" --round "$r" "${values[@]}" >/dev/null || echo "FAIL: game $game round $r"
  done
}
set -f
# Sam and Tess beat Wes and Vic; Ann beats Sam and Tess four times; Hal beats Wes five times.
play 1 18:01:00 Sam Tess Wes Vic
play 2 18:02:00 Tess Sam Vic Wes
play 3 18:03:00 Sam Tess Wes Vic
play 4 18:04:00 Tess Sam Vic Wes
for g in 5 6 7 8; do play "$g" "18:0$g:00" Ann Sam Tess; done
for g in 9 10 11 12 13; do play "$g" "18:$((g + 10)):00" Hal Wes; done
# Game 14: Kim, Lou and Max tied at 70, broken by the tie-break (Lou 0, Kim 10, Max 20).
export CROWNS_TIME=19:00:00
"$CROWNS" new Kim Lou Max --add >/dev/null
for r in 1 2 3 4 5 6 7 8 9; do
  case $((r % 3)) in 0) v="0* 10 10" ;; 1) v="10 0* 10" ;; 2) v="10 10 0*" ;; esac
  "$CROWNS" round --game 14 --round "$r" $v >/dev/null
done
"$CROWNS" round --game 14 --round 10 0* 10 5 >/dev/null
"$CROWNS" round --game 14 --round 11 10 0* 5 >/dev/null
"$CROWNS" tiebreak --game 14 Lou=0* Kim=10 Max=20 >/dev/null
unset CROWNS_TIME
check "14 finished games" [ "$("$CROWNS" games --json | grep -o '"status":"finished"' | wc -l)" = 14 ]
CROWNS=$CROWNS CROWNS_DB=$CROWNS_DB OUT=$shots CHROMIUM=$BROWSER timeout 240 node "$work/screens.test.js"
check "the browser checks pass" [ $? = 0 ]
finish
