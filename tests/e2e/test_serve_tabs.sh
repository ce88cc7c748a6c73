#!/usr/bin/env bash
# Twelve pages of one server in one browser context all load and stay correct (pages in the
# background let go of their event streams; a browser allows six connections to one server);
# not live is said at the top of the first screen (issue 45; tests/browser/tabs.test.js,
# headless Chromium at 360x800 with touch).
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"

browser_setup tabs.test.js
shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
"$CROWNS" new Ann Bob Cy --add >/dev/null
"$CROWNS" round 0* 15 3 >/dev/null
CROWNS=$CROWNS CROWNS_DB=$CROWNS_DB OUT=$shots CHROMIUM=$BROWSER timeout 180 node "$work/tabs.test.js"
check "the browser checks pass" [ $? = 0 ]
finish
