#!/usr/bin/env bash
# Every link and button on every page type at least 44x44 px; no page names a crowns command
# (issue 45; tests/browser/targets.test.js, headless Chromium at 360x800 with touch).
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"

browser_setup targets.test.js
shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
# Game 1: Ann, Bob and Cy tied at 70, broken by the tie-break (Bob 0, Ann 10, Cy 20).
"$CROWNS" new Ann Bob Cy --add >/dev/null
for r in 1 2 3 4 5 6 7 8 9; do
  case $((r % 3)) in 0) v="0* 10 10" ;; 1) v="10 0* 10" ;; 2) v="10 10 0*" ;; esac
  "$CROWNS" round --round "$r" $v >/dev/null
done
"$CROWNS" round --round 10 0* 10 5 >/dev/null
"$CROWNS" round --round 11 10 0* 5 >/dev/null
"$CROWNS" tiebreak Bob=0* Ann=10 Cy=20 >/dev/null
"$CROWNS" new Ann Bob Dee --add >/dev/null
"$CROWNS" round 0* 7 9 >/dev/null
check "game 1 is a three-way tie broken by the tie-break" \
  [ "$("$CROWNS" show --game 1 --json | json places)" = '{"Ann":2,"Bob":1,"Cy":3}' ]
CROWNS=$CROWNS CROWNS_DB=$CROWNS_DB OUT=$shots CHROMIUM=$BROWSER timeout 180 node "$work/targets.test.js"
check "the browser checks pass" [ $? = 0 ]
finish
