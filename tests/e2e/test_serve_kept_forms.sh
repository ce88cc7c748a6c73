#!/usr/bin/env bash
# Nothing typed is lost (issue 38) in the correction, the tie-break and the late arrival forms,
# as in the round form: kept through a reload, a restart and the link opened again, until saved
# or cleared (tests/browser/kept_forms.test.js, headless Chromium at 360x800 with touch; it
# starts and restarts the server itself). Screenshots go to $KEEP_SHOTS if set.
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f

# Game 1 (Ann, Bob, Cy) with 2 rounds; game 2 (Dee, Eve, Fay) over, Dee and Eve tied at 60.
"$CROWNS" new --another Ann Bob Cy --add >/dev/null
"$CROWNS" round --game 1 out 10 20 >/dev/null
"$CROWNS" round --game 1 10 out 20 >/dev/null
"$CROWNS" new --another Dee Eve Fay --add >/dev/null
for r in 1 2 3 4 5 6 7 8 9 10; do
  if [ $((r % 2)) = 1 ]; then "$CROWNS" round --game 2 out 10 20 >/dev/null
  else "$CROWNS" round --game 2 10 out 20 >/dev/null; fi
done
"$CROWNS" round --game 2 10 10 out >/dev/null
check "game 2 ends in a tie" [ "$("$CROWNS" show --game 2 --json | json tied)" = true ]

browser_setup kept_forms.test.js
shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
CROWNS=$CROWNS CROWNS_DB=$CROWNS_DB OUT=$shots CHROMIUM=$BROWSER timeout 180 node "$work/kept_forms.test.js"
check "the browser checks pass" [ $? = 0 ]
finish
