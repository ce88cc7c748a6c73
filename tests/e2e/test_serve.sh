#!/usr/bin/env bash
# crowns serve over HTTP on 127.0.0.1: start-up refusals, pages, hostile names escaped, the
# scorekeeper's writes with the CLI's checks and messages, every refusal of a write (no or
# a wrong token, a cross-site request, an oversize body, too many requests) leaving the
# database as it was, live events when `crowns round` runs in another process, Ctrl-C.
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f

evil='<script>alert(1)</script>'
img='"><img src onerror>'
"$CROWNS" new --another Ann "$evil" "$img" --add >/dev/null

# --- Start-up refusals: one line, non-zero.
err=$("$CROWNS" serve --port 70000 2>&1 >/dev/null)
code=$?
check "bad --port is a usage error" [ "$code" = 2 ]
check "bad --port names the value" grep -q "70000" <<<"$err"
err=$("$CROWNS" --db "$E2E_TMP/none/x.db" serve --port 0 2>&1 >/dev/null)
code=$?
check "a missing database is refused" [ "$code" = 1 ]
check "one line for a missing database" [ "$(wc -l <<<"$err")" = 1 ]
check "no database is created" [ ! -e "$E2E_TMP/none" ]

start_server
check "the server starts and prints its URLs" [ -n "$BASE" ]
check "it listens on 127.0.0.1 only" grep -q '^http://127\.0\.0\.1:' <<<"$BASE"
check "a QR code is printed" grep -q '█' "$SERVE_OUT"
port=${BASE##*:}
err=$("$CROWNS" serve --port "$port" 2>&1 >/dev/null)
code=$?
check "a port in use is refused" [ "$code" = 1 ]
check "a port in use says so, in one line" \
  [ "$(grep -c . <<<"$err")" = 1 ] && grep -q "in use" <<<"$err"

# --- Pages.
page=$(curl -s "$BASE/")
check "the current game is shown" grep -q "Game 1" <<<"$page"
check "wild, dealer and starter are shown" grep -q "Wild" <<<"$page"
check "hostile names are escaped" grep -qF '&lt;script&gt;alert(1)&lt;/script&gt;' <<<"$page"
check "no hostile markup gets through" bash -c '! grep -qF "<script>alert" <<<"$1" && ! grep -qF "<img src" <<<"$1"' _ "$page"
check "no token on the viewers' page" bash -c '! grep -qF "$1" <<<"$2"' _ "$TOKEN" "$page"
for path in /games /leaderboard /report /game/1 /report/game/1 /style.css /app.js /icon.svg "/api/game"; do
  check "GET $path answers 200" [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE$path")" = 200 ]
done
check "the games list escapes names" bash -c 'curl -s "$1/games" | grep -qF "&lt;script&gt;"' _ "$BASE"
check "an unknown game is 404" [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/game/99")" = 404 ]
check "no path reaches the file system" \
  [ "$(curl -s --path-as-is -o "$E2E_TMP/body" -w '%{http_code}' "$BASE/../../../../etc/passwd")" = 404 ]
check "no file content is served" bash -c '! grep -q "root:" "$1"' _ "$E2E_TMP/body"
check "a PUT is refused" [ "$(curl -s -o /dev/null -w '%{http_code}' -X PUT "$BASE/api/round")" = 405 ]
check "the scorekeeper's page needs the token" \
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/keep?token=nope")" = 403 ]
check "the scorekeeper's page opens with it" \
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/keep?token=$TOKEN")" = 200 ]

# --- Writes refused: the database stays as it was.
before=$(db_content)
round=(--data-urlencode game=1 --data-urlencode round=1 -d v0=out -d v1=10 -d v2=20)
reply=$(post /api/round "${round[@]}")
check "a viewer's POST (no token) is refused" [ "${reply%% *}" = 403 ]
check "the refusal is JSON with a message" [ -n "$(json error <<<"${reply#* }")" ]
wrong=${TOKEN%?}$([ "${TOKEN: -1}" = 0 ] && echo 1 || echo 0)
reply=$(post /api/round -H "X-Crowns-Token: $wrong" "${round[@]}")
check "a wrong token is refused" [ "${reply%% *}" = 403 ]
reply=$(post /api/round -d "token=x$TOKEN" "${round[@]}")
check "a wrong token in the form is refused" [ "${reply%% *}" = 403 ]
reply=$(post /api/round -H "X-Crowns-Token: $TOKEN" -H "Origin: http://evil.example" "${round[@]}")
check "a cross-site Origin is refused" [ "${reply%% *}" = 403 ]
reply=$(post /api/round -d "token=$TOKEN" -H "Sec-Fetch-Site: cross-site" "${round[@]}")
check "a cross-site form post is refused" [ "${reply%% *}" = 403 ]
head -c 20000 /dev/zero | tr '\0' 'a' >"$E2E_TMP/big"
reply=$(post /api/round -H "X-Crowns-Token: $TOKEN" --data-binary "@$E2E_TMP/big")
check "an oversize body is refused (413)" [ "${reply%% *}" = 413 ]
check "413 comes as JSON" [ -n "$(json error <<<"${reply#* }")" ]
reply=$(post /api/round -H "X-Crowns-Token: $TOKEN" -d game=1 -d round=1 -d v0=0 -d v1=abc -d v2=5)
cli=$("$CROWNS" round 0 abc 5 2>&1 >/dev/null)
check "a bad value is refused (400)" [ "${reply%% *}" = 400 ]
# The CLI's message in the page's words: the cards left without shell quotes.
phone=${cli/ in quotes (\"Ks Qh jk\")/ (Ks Qh jk)}
check "with the CLI's message" [ "crowns: error: $(json error <<<"${reply#* }")" = "$phone" ]
check "in the page's words (no quotes)" [ "$phone" != "$cli" ]
check "refused writes change nothing" [ "$(db_content)" = "$before" ]

# --- Writes from the scorekeeper: the same audit log as the CLI.
reply=$(post /api/round -H "X-Crowns-Token: $TOKEN" -H "Origin: $BASE" -H "Sec-Fetch-Site: same-origin" "${round[@]}")
check "the scorekeeper records a round" [ "${reply%% *}" = 200 ]
check "round 1 is in the database" [ "$("$CROWNS" show --json | json rounds | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).length))')" = 1 ]
reply=$(post /api/round -d "token=$TOKEN" "${round[@]}")
check "the same round again is refused (409)" [ "${reply%% *}" = 409 ]
check "it says round 1 is already in" grep -q "already recorded" <<<"$reply"
reply=$(post /api/edit -d "token=$TOKEN" -d game=1 -d round=1 -d v0=out -d v1=12 -d v2=20)
check "the scorekeeper corrects a round" [ "${reply%% *}" = 200 ]
reply=$(post /api/undo -d "token=$TOKEN" -d game=1)
check "the scorekeeper undoes it" [ "${reply%% *}" = 200 ]
log=$("$CROWNS" log)
check "the log keeps the round, the edit and the undo" \
  bash -c 'grep -q "Round 1 entered" <<<"$1" && grep -q "Round 1 edited" <<<"$1" && grep -q "Undid the edit of round 1" <<<"$1"' _ "$log"

# --- Live: a round from the CLI in another process reaches an open event stream.
curl -s -N "$BASE/events" >"$E2E_TMP/events" &
curl_pid=$!
for _ in $(seq 50); do [ "$(event_rounds "$E2E_TMP/events")" = 1 ] && break; sleep 0.05; done
check "the event stream starts with the card as it is" [ "$(event_rounds "$E2E_TMP/events")" = 1 ]
"$CROWNS" round 5 out 7 >/dev/null
start=$(date +%s%N)  # from the CLI's exit: its commit is done
seen=0
# Polled with grep (cheap; node's start-up would be most of the time measured).
for _ in $(seq 100); do
  if [ "$(grep -c '^event: card' "$E2E_TMP/events")" -ge 2 ]; then seen=1; break; fi
  sleep 0.02
done
elapsed=$((($(date +%s%N) - start) / 1000000))
[ "$(event_rounds "$E2E_TMP/events")" = 2 ] || seen=0
kill "$curl_pid" 2>/dev/null
wait "$curl_pid" 2>/dev/null
check "the event stream carries the CLI's round" [ "$seen" = 1 ]
check "within a second ($elapsed ms)" [ "$elapsed" -lt 1000 ]
check "events are server-sent events" grep -q '^event: card' "$E2E_TMP/events"

# --- Rate limit: a burst of writes is cut off with 429.
# 8 curls at once, 100 requests each one after another (a URL range), no token: far more
# than the 60 at once plus 20 a second that one address may send, however slow the machine.
codes=$(for c in 1 2 3 4 5 6 7 8; do
  curl -s -o /dev/null -w '%{http_code}\n' -X POST -d game=1 "$BASE/api/undo?c=$c&n=[1-100]" &
done
wait)
check "too many writes get 429" grep -q 429 <<<"$codes"

# --- Ctrl-C stops it cleanly.
stop_server
code=$?
check "Ctrl-C stops the server with 0" [ "$code" = 0 ]
check "it says it stopped" grep -q '^Stopped' "$SERVE_OUT"
finish
