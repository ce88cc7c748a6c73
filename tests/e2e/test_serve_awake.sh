#!/usr/bin/env bash
# The screen kept on where the browser offers no wake lock (issue 38): a page on a plain-HTTP
# LAN address (not a secure context) plays a muted, looping video instead, and lets it go by the
# switch, a hidden page, a quiet hour and the game's end (tests/browser/awake.test.js, headless
# Chromium at 360x800 with touch, on this computer's own non-loopback address with --lan).
# Without such an address (a machine with loopback only) the browser part is skipped, said so.
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f

"$CROWNS" new Ann Bob --add >/dev/null
for r in 1 2 3 4 5 6 7 8 9; do "$CROWNS" round out $((r + 3)) >/dev/null; done
check "game 1 is at round 10" [ "$("$CROWNS" show --json | json next | json round)" = 10 ]

lan=$(ip -4 -o addr show scope global 2>/dev/null | awk '{ sub(/\/.*/, "", $4); print $4; exit }')
if [ -z "$lan" ]; then
  echo "test_serve_awake.sh: SKIPPED the browser part: this machine has no address but loopback"
  finish
  exit
fi
browser_setup awake.test.js
shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
LAN_ADDRESS=$lan CROWNS=$CROWNS CROWNS_DB=$CROWNS_DB OUT=$shots CHROMIUM=$BROWSER timeout 120 node "$work/awake.test.js"
check "the browser checks pass" [ $? = 0 ]
finish
