#!/usr/bin/env bash
# A club night on one crowns serve (issue 38), in headless Chromium at 360x800 with touch
# (tests/browser/club.test.js, which starts and restarts the server itself): typed values kept
# through a reload, a restart and a new link; "out" taken back; the screen kept on during a
# game, and let go by the switch, a quiet hour and the game's end; the manifest and its icons;
# two tables, each phone following its own (a rematch included); the hand page's answer on the
# first screen and its "just drawn" choice; 8 names of 40 characters at 360 px. Also: crowns
# serve prints each table's scorekeeper link. Screenshots go to $KEEP_SHOTS if set.
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f

"$CROWNS" new --another Ann Bob Dee --add >/dev/null
"$CROWNS" new --another Cy Eve --add >/dev/null
start_server
check "the server starts" [ -n "$BASE" ]
check "it prints each table's scorekeeper link" \
  grep -qxF "  game 1 (Ann, Bob, Dee): $BASE/keep?token=$TOKEN&game=1" "$SERVE_OUT"
check "game 2's too" grep -qxF "  game 2 (Cy, Eve): $BASE/keep?token=$TOKEN&game=2" "$SERVE_OUT"
check "a table's link as a QR code needs the token (403)" \
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/keep/qr.svg?token=bad&game=1")" = 403 ]
check "and is an SVG with it" \
  [ "$(curl -s -o /dev/null -w '%{content_type}' "$BASE/keep/qr.svg?token=$TOKEN&game=1")" = image/svg+xml ]
stop_server
export CROWNS_DB=$E2E_TMP/club.db  # the browser test's own database
"$CROWNS" new --another Ann Bob Cy --add >/dev/null

browser_setup club.test.js
shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
CROWNS=$CROWNS CROWNS_DB=$CROWNS_DB OUT=$shots CHROMIUM=$BROWSER timeout 240 node "$work/club.test.js"
check "the browser checks pass" [ $? = 0 ]
finish
