#!/usr/bin/env bash
# Live means live (issue 38): a page whose connection stalls without closing says so after two
# missed heartbeats and connects again; a page shown again catches up at once. In headless
# Chromium at 360x800 with touch (tests/browser/live.test.js), through a TCP relay on 127.0.0.1
# that stops passing data without closing. The server's heartbeat is shortened to 1 s for the
# test ($CROWNS_SERVE_TEST_BEAT_MS); the event stream's beat event carries it.
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f

# The beat event as the server sends it: once at the start, then every interval.
"$CROWNS" new --another Ann Bob Cy --add >/dev/null
CROWNS_SERVE_TEST_BEAT_MS=1000 start_server
check "the server starts" [ -n "$BASE" ]
timeout 2.5 curl -sN "$BASE/events" >"$E2E_TMP/events" 2>/dev/null
check "the stream beats at once and every second" [ "$(grep -c '^event: beat$' "$E2E_TMP/events")" -ge 3 ]
check "the beat says its interval" grep -qx 'data: 1000' "$E2E_TMP/events"
stop_server

browser_setup live.test.js
shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
CROWNS_SERVE_TEST_BEAT_MS=1000 start_server
BASE=$BASE TOKEN=$TOKEN CROWNS=$CROWNS CROWNS_DB=$CROWNS_DB OUT=$shots CHROMIUM=$BROWSER BEAT_MS=1000 \
  timeout 120 node "$work/live.test.js"
check "the browser checks pass" [ $? = 0 ]
stop_server
check "the server stops cleanly" [ $? = 0 ]
finish
