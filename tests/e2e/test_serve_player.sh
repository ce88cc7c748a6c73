#!/usr/bin/env bash
# The phone's player page (issue 39): /player?name=NAME says what `crowns stats NAME` says
# (its JSON equal to stats --json), nemesis, beats most and plays most with linked to their
# own pages, linked from the leaderboard and the standings; and during a game the time since
# it started goes on by itself in the page (tests/browser/player.test.js, a clock it moves).
npm_cache=${npm_config_cache:-$HOME/.npm}  # before lib.sh moves HOME
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"

browser_setup player.test.js
shots=${KEEP_SHOTS:-$E2E_TMP/shots}
mkdir -p "$shots"
# Three finished games of Ann, Bob and a name that is markup (the page must show it as text),
# so each has a nemesis; then a game under way, started 40 minutes before "now" (CROWNS_TODAY
# is noon for the store).
hostile='<script>alert(1)</script>'
long='Maximiliana Bartholomew-Featherstonehau'
for g in 1 2 3; do
  "$CROWNS" new --another Ann Bob "$hostile" "$long" --add >/dev/null
  for r in $(seq 11); do "$CROWNS" round --force 0* $((r + 2)) $((r + 4)) 9 >/dev/null; done
done
"$CROWNS" new --another Ann Bob >/dev/null
"$CROWNS" round --game 4 0* 9 >/dev/null
sqlite3 "$CROWNS_DB" "UPDATE games SET created_at = '2026-01-15 11:20:00' WHERE id = 4"
start_server
check "the server starts" [ -n "$BASE" ]

check "/player.json is crowns stats --json" cmp -s <(curl -s "$BASE/player.json?name=Ann") <("$CROWNS" stats Ann --json)
check "and for every game (?all=1)" cmp -s <(curl -s "$BASE/player.json?name=bob&all=1") <("$CROWNS" stats Bob --all --json)
check "by Accept too" cmp -s <(curl -s -H 'Accept: application/json' "$BASE/player?name=Ann") <("$CROWNS" stats Ann --json)
page=$(curl -s "$BASE/player?name=Bob")
check "the page: the nemesis, linked to their page" \
  grep -qF '<dt>Nemesis</dt><dd><a class="tap" href="/player?name=Ann"><bdi>Ann</bdi></a> (finished ahead 3 times in 3 games)</dd>' <<<"$page"
check "the page: beats most, a name of markup escaped and its link encoded" \
  grep -qF '<dt>Beats most</dt><dd><a class="tap" href="/player?name=%3Cscript%3Ealert%281%29%3C%2Fscript%3E"><bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi></a> (finished behind 3 times in 3 games)</dd>' <<<"$page"
check "the page: no markup of a name gets through" bash -c "! grep -q '<script>alert' <<<'$page'"
check "the leaderboard links each player's page" grep -qF '<a class="tap" href="/player?name=Ann">Ann</a>' <(curl -s "$BASE/leaderboard")
check "and ?all=1's to every game" grep -qF '<a class="tap" href="/player?name=Ann&amp;all=1">Ann</a>' <(curl -s "$BASE/leaderboard?all=1")
check "the standings link each player's page" grep -qF '<a class="tap" href="/player?name=Bob">Bob</a>' <(curl -s "$BASE/game/1")
out=$(curl -s -w '\n%{http_code}' "$BASE/player?name=Anne")
check "an unknown name: 404" test "$(tail -1 <<<"$out")" = 404
check "naming it, with a did you mean" grep -qF 'unknown player &#39;Anne&#39;; did you mean &#39;Ann&#39;?' <<<"$out"
out=$(curl -s "$BASE/player?name=Zed")
check "a name like no other: said in the page's words, no terminal command" \
  bash -c "grep -qF 'unknown player &#39;Zed&#39;' <<<'$out' && ! grep -q 'crowns [a-z]' <<<'$out'"
check "nor on a game's error page" bash -c "! grep -q 'crowns [a-z]' <(curl -s '$BASE/game/999')"
out=$(curl -s -w '\n%{http_code}' "$BASE/player.json")
check "no name: 400" test "$(tail -1 <<<"$out")" = 400
check "saying how" grep -qF '{"error":"give a player'"'"'s name: /player?name=Ann"}' <<<"$out"
BASE=$BASE OUT=$shots CHROMIUM=$BROWSER CROWNS=$CROWNS timeout 120 node "$work/player.test.js"
check "the browser checks pass" [ $? = 0 ]
stop_server
check "the server stops cleanly" [ $? = 0 ]
finish
