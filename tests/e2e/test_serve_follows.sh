#!/usr/bin/env bash
# A keeper page follows its table after any change that removes or ends the game it shows
# (issue 45 item 3; tests/browser/follows.test.js, headless Chromium at 360x800 with touch):
# a start undone in the terminal and from another phone (the table's first game: its start
# form; a rematch: the game before it), a game deleted or abandoned in the terminal, a game the
# terminal started for the table undone; the token kept, a reload 200.
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"

browser_setup follows.test.js
shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
"$CROWNS" new Ann Bob --add >/dev/null
CROWNS=$CROWNS CROWNS_DB=$CROWNS_DB OUT=$shots CHROMIUM=$BROWSER timeout 240 node "$work/follows.test.js"
check "the browser checks pass" [ $? = 0 ]
check "nothing typed on a page was stored: games 3 and 7 as the terminal left them" \
  [ "$("$CROWNS" games --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const g=JSON.parse(s);const l=(g.games||g).map(x=>x.id+":"+x.rounds).sort();console.log(l.join(" "))})')" = "3:11 7:1" ]
finish
