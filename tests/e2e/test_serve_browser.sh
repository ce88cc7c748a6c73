#!/usr/bin/env bash
# crowns serve in a real browser: tests/browser/serve.test.js drives Debian's headless
# Chromium with puppeteer-core (pinned in tests/browser/package-lock.json, installed here
# with npm ci). A viewer's page at 360 px shows a round recorded by the CLI without a
# reload; the scorekeeper's page enters one; a bad value shows the CLI's message and changes
# nothing; a viewer's POST and a cross-site form are refused; a report asked while its new
# copy is made comes at once, says so, and reloads itself when the new one is ready.
# At 360x800 with touch: two keepers racing, a correction while the terminal edits, out
# against a typed value, undo named, a restart with the page open, axe-core on every page,
# 44 px tap targets.
# Screenshots at 360 and 1280 px go to $KEEP_SHOTS if set (to look at), else to a temporary
# folder.
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f

browser_setup serve.test.js

shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
"$CROWNS" new --another Ann '<script>alert(1)</script>' '"><img src onerror>' --add >/dev/null
"$CROWNS" round out 10 20 >/dev/null
# Each making of the leaderboard and the report takes 0.6 s longer: a page asked meanwhile is
# the copy from before, which reloads itself when the new one is ready.
CROWNS_SERVE_TEST_SLOW_MS=2500 start_server
check "the server starts" [ -n "$BASE" ]
BASE=$BASE TOKEN=$TOKEN CROWNS=$CROWNS CROWNS_DB=$CROWNS_DB OUT=$shots CHROMIUM=$BROWSER \
  timeout 180 node "$work/serve.test.js"
check "the browser checks pass" [ $? = 0 ]
stop_server
check "the server stops cleanly" [ $? = 0 ]
finish
