#!/usr/bin/env bash
# crowns serve refuses what nobody meant: a Host that is not this server's (DNS rebinding:
# 421 before routing), a correction based on a round that changed since (409), an undo of a
# change other than the one the page named (409), "out" that contradicts a typed value (400,
# naming both); the scorekeeper's token kept across restarts (owner-only) unless --fresh-token
# (403 after it); /game/N a page, its JSON at /game/N.json. Every refusal leaves the database as it
# was.
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f

"$CROWNS" new --another Ann Bob Dee --add >/dev/null
"$CROWNS" round out 10 20 >/dev/null
"$CROWNS" round 5 out 8 >/dev/null

start_server
check "the server starts" [ -n "$BASE" ]
port=${BASE##*:}
code() { curl -s -o "$E2E_TMP/body" -w '%{http_code}' "$@"; }
keeper=(-H "X-Crowns-Token: $TOKEN")

# --- DNS rebinding: only the names this server answers to.
before=$(db_content)
check "Host evil.example is refused (421)" [ "$(code -H "Host: evil.example:$port" "$BASE/")" = 421 ]
check "the refusal names the Host" grep -q 'evil.example' "$E2E_TMP/body"
check "and gives no page" bash -c '! grep -q "Game 1" "$1"' _ "$E2E_TMP/body"
check "the keeper's page too (421)" \
  [ "$(code -H "Host: evil.example:$port" "$BASE/keep?token=$TOKEN")" = 421 ]
check "a write with the token and a matching Origin is refused (421)" \
  [ "$(code -X POST -H "Host: evil.example:$port" -H "Origin: http://evil.example:$port" \
    "${keeper[@]}" -d game=1 -d v0=out -d v1=1 -d v2=2 "$BASE/api/round")" = 421 ]
check "a Host without port is refused" [ "$(code -H "Host: evil.example" "$BASE/app.js")" = 421 ]
check "an empty Host is refused" [ "$(code -H "Host:" "$BASE/")" = 421 ]
check "localhost is served" [ "$(code -H "Host: localhost:$port" "$BASE/")" = 200 ]
check "LOCALHOST. is served" [ "$(code -H "Host: LOCALHOST.:$port" "$BASE/")" = 200 ]
check "[::1] is served" [ "$(code -H "Host: [::1]:$port" "$BASE/")" = 200 ]
check "127.0.0.1 is served" [ "$(code "$BASE/")" = 200 ]
check "nothing changed" [ "$(db_content)" = "$before" ]

# --- A correction based on a round that changed since: 409, naming what changed.
"$CROWNS" edit 2 Dee=41 >/dev/null
before=$(db_content)
reply=$(post /api/edit "${keeper[@]}" -d game=1 -d round=2 -d 'was=5,0*,8' -d v0=5 -d v1=out -d v2=14)
check "a correction of a changed round is refused (409)" [ "${reply%% *}" = 409 ]
check "it says what changed" grep -qF 'round 2 changed meanwhile: Dee is now 41' <<<"$reply"
check "it carries the state to redraw from" [ -n "$(json state <<<"${reply#* }")" ]
check "nothing changed" [ "$(db_content)" = "$before" ]
reply=$(post /api/edit "${keeper[@]}" -d game=1 -d round=2 -d 'was=5,0*,41' -d v0=5 -d v1=out -d v2=14)
check "based on the round as it is, it is saved" [ "${reply%% *}" = 200 ]

# --- "out" against a typed value: refused naming both.
before=$(db_content)
reply=$(post /api/round "${keeper[@]}" -d game=1 -d round=3 -d v0=10 -d v1=out -d v2=7 -d out=0)
check "out ticked for a player with points is refused" [ "${reply%% *}" = 400 ]
check "naming both" grep -qF 'Ann is marked out but has 10 points' <<<"$reply"
reply=$(post /api/round "${keeper[@]}" -d game=1 -d round=3 -d v0= -d v1=out -d v2=7 -d out=0)
check "out ticked for one, out typed for another is refused" [ "${reply%% *}" = 400 ]
check "naming both players" grep -qF 'Ann is marked out but Bob has' <<<"$reply"
check "nothing changed" [ "$(db_content)" = "$before" ]
reply=$(post /api/round "${keeper[@]}" -d game=1 -d round=3 -d v0=1 -d v1=2 -d v2=3)
check "no one out: the CLI's message" [ "${reply%% *}" = 400 ]
reply=$(post /api/round "${keeper[@]}" -d game=1 -d round=3 -d v0=500 -d v1=out -d v2=7)
check "an unusual value is refused in the page's words" grep -qF 'accept an unusual value' <<<"$reply"
check "not the terminal's (--force)" bash -c '! grep -qF -- "--force" <<<"$1"' _ "$reply"

# --- Undo names its change; another change since is refused.
state=$(curl -s "$BASE/keep?token=$TOKEN")
change=$(sed -n 's/.*"undo":{"change":\([0-9]*\).*/\1/p' <<<"$state")
check "the keeper's page names the change undo removes" grep -qF '"label":"Undo the correction"' <<<"$state"
"$CROWNS" round out 3 9 >/dev/null
before=$(db_content)
reply=$(post /api/undo "${keeper[@]}" -d game=1 -d "change=$change")
check "an undo of a change no longer last is refused (409)" [ "${reply%% *}" = 409 ]
check "it names the last change now" grep -qF 'Round 3 entered' <<<"$reply"
check "nothing changed" [ "$(db_content)" = "$before" ]
# The scorekeeper's page once the server has seen another process's commit (at its next 50 ms
# look; later on a loaded machine): asked again for up to 3 s until it says $1. Sets $state.
page_saying() {
  local i
  for i in $(seq 30); do
    state=$(curl -s "${keeper[@]}" "$2")
    grep -qF -- "$1" <<<"$state" && return 0
    sleep 0.1
  done
  return 1
}
check "the page now says undo removes round 3" \
  page_saying '"says":"This removes round 3: Ann 0*, Bob 3, Dee 9"' "$BASE/keep?token=$TOKEN"
change=$(sed -n 's/.*"undo":{"change":\([0-9]*\).*/\1/p' <<<"$state")
reply=$(post /api/undo "${keeper[@]}" -d game=1 -d "change=$change")
check "the named change is undone" [ "${reply%% *}" = 200 ]
"$CROWNS" new --another Ann Bob --add >/dev/null
check "a new game's undo says it removes the game" \
  page_saying '"says":"This removes game 2, which has no rounds yet"' "$BASE/keep?token=$TOKEN&game=2"

# --- /game/N is a page; JSON at .json or by Accept.
check "/game/abc is an HTML page" bash -c '[ "$(curl -s -o "$2" -w "%{content_type}" "$1/game/abc")" = "text/html; charset=utf-8" ]' _ "$BASE" "$E2E_TMP/body"
check "that says how to write a game's page" grep -qF '/game/NUMBER' "$E2E_TMP/body"
check "/game/1.json is JSON" bash -c '[ "$(curl -s -o "$2" -w "%{content_type}" "$1/game/1.json")" = "application/json; charset=utf-8" ]' _ "$BASE" "$E2E_TMP/body"
check "the scorecard's JSON" grep -q '"players":\["Ann","Bob","Dee"\]' "$E2E_TMP/body"
check "/game/1 with Accept: application/json is JSON" \
  bash -c '[ "$(curl -s -o /dev/null -w "%{content_type}" -H "Accept: application/json" "$1/game/1")" = "application/json; charset=utf-8" ]' _ "$BASE"

# --- A restart keeps the scorekeeper's token (beside the database, owner-only); --fresh-token
# makes a new one, and the old link is refused (/api/keeper says the server was restarted).
check "the keeper's token is good" [ "$(code "${keeper[@]}" "$BASE/api/keeper")" = 200 ]
old=$TOKEN
check "the token is kept owner-only by default" [ "$(stat -c %a "$CROWNS_DB.serve-token")" = 600 ]
check "and the start says where" grep -qF "kept across restarts in $CROWNS_DB.serve-token, --fresh-token for a new one" "$SERVE_OUT"
stop_server
SERVE_PORT=$port start_server --keeper-qr
check "the kept token survives a restart" [ "$TOKEN" = "$old" ]
check "and still writes" [ "$(code -H "X-Crowns-Token: $old" "$BASE/api/keeper")" = 200 ]
check "--keeper-qr shows the scorekeeper's link as a QR code too" \
  [ "$(grep -c "The scorekeeper's link (for your own phone" "$SERVE_OUT")" = 1 ]
stop_server
SERVE_PORT=$port start_server --keep-token
check "--keep-token is still accepted, and keeps it" [ "$TOKEN" = "$old" ]
stop_server
SERVE_PORT=$port start_server --fresh-token
check "--fresh-token makes a new token" [ "$TOKEN" != "$old" ]
check "the old one is refused (403)" [ "$(code -H "X-Crowns-Token: $old" "$BASE/api/keeper")" = 403 ]
check "saying the server was restarted" grep -qF 'the server was restarted: open its new scorekeeper link' "$E2E_TMP/body"
fresh=$TOKEN
stop_server
SERVE_PORT=$port start_server
check "and the fresh one is kept for the next start" [ "$TOKEN" = "$fresh" ]
stop_server
chmod 644 "$CROWNS_DB.serve-token"
err=$("$CROWNS" serve --port 0 --keep-token 2>&1 >/dev/null)
check "a token file others can read is refused" [ $? = 1 ]
check "saying how to fix it" grep -qF "chmod 600" <<<"$err"
finish
