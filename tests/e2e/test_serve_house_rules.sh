#!/usr/bin/env bash
# The phone's start form offers the house rules (issue 47) and starts a game under them: a
# "down, distinct suits" game started at 360x800 with touch names its house options on its
# page, deals 13 cards with Ks wild in round 1, and `crowns show --json` agrees
# (tests/browser/house_rules.test.js, which starts crowns serve itself); axe-core is clean on
# the form. The club's default (crowns rules set) is what the form starts from.
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f

"$CROWNS" player add Ann >/dev/null
"$CROWNS" player add Bob >/dev/null
"$CROWNS" player add Cy >/dev/null
"$CROWNS" rules set --leads out >/dev/null
check "the club's default leads out" [ "$("$CROWNS" rules --json | json in_force | json rules | json leads)" = out ]

browser_setup house_rules.test.js
shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
CROWNS=$CROWNS CROWNS_DB=$CROWNS_DB OUT=$shots CHROMIUM=$BROWSER timeout 120 node "$work/house_rules.test.js"
check "the browser checks pass" [ $? = 0 ]
finish
