#!/usr/bin/env bash
# The phone stores only what someone meant (issue 45; tests/browser/meant.test.js, headless
# Chromium at 360x800 with touch): values typed for a round recorded meanwhile are asked about
# with both side by side, whatever the values; a write whose answer was lost (the server killed
# with SIGKILL) is sent again with its own id, found, said saved, and stored once.
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"

browser_setup meant.test.js
shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
"$CROWNS" new Ann Kim --add >/dev/null
"$CROWNS" round 0* 15 >/dev/null
CROWNS=$CROWNS CROWNS_DB=$CROWNS_DB OUT=$shots CHROMIUM=$BROWSER timeout 180 node "$work/meant.test.js"
check "the browser checks pass" [ $? = 0 ]
check "one round 8 and one round 9 in the log" \
  [ "$(sqlite3 "$CROWNS_DB" "SELECT count(*) FROM audit WHERE action = 'round' AND json_extract(new_value, '$.round') IN (8, 9)")" = 2 ]
finish
