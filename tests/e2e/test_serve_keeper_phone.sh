#!/usr/bin/env bash
# The whole game night from the scorekeeper's phone (issue 26 items 5, 6, 7, 9), in headless
# Chromium at 360x800 with touch (tests/browser/keeper_phone.test.js): a game started from the
# roster and a new name, a late arrival seated at round 3 with the highest total, a card
# picked for "cards left", played to a tie, tie-broken, rematched; a new game while one is in
# progress is warned about by number and players; the hand page answers what crowns analyze
# says. Screenshots go to $KEEP_SHOTS if set, else to a temporary folder.
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f

browser_setup keeper_phone.test.js

shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
"$CROWNS" player add Cat >/dev/null  # the roster has Cat; Ann and Bob come as new names
start_server
check "the server starts" [ -n "$BASE" ]
BASE=$BASE TOKEN=$TOKEN CROWNS=$CROWNS CROWNS_DB=$CROWNS_DB OUT=$shots CHROMIUM=$BROWSER \
  timeout 240 node "$work/keeper_phone.test.js"
check "the browser checks pass" [ $? = 0 ]
stop_server
check "the server stops cleanly" [ $? = 0 ]
finish
