#!/usr/bin/env bash
# The server's routes are one table (src/serve/routes.hpp, issue 46), like git's http-backend
# services[]: `crowns-serve --routes` lists it, and this tries every row on the real server.
# Each GET row answers; each row that wants the scorekeeper's secret refuses a request without
# it (403), each write too, leaving the database as it was; with the secret each answers; a
# path that is no row is 404, and the source registers routes in one place only.
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
src=$(realpath "$(dirname "$0")/../../src/serve")
sources=("$src"/*.cpp)
set -f
serve_bin="$(dirname "$CROWNS")/crowns-serve"

"$CROWNS" new --another --add Ann Bob >/dev/null
"$CROWNS" round Ann=0* Bob=12 >/dev/null

"$serve_bin" --routes >"$E2E_TMP/routes"
rc=$?
check "crowns-serve --routes: exit 0 (got $rc)" test "$rc" = 0
rows=$(wc -l <"$E2E_TMP/routes")
check "the table has every route (got $rows rows)" test "$rows" -ge 30
check "every row has its six columns" \
  awk 'NF != 6 { bad = 1 } END { exit bad }' "$E2E_TMP/routes"
check "every POST row is a write, wants the secret and counts as a write" \
  awk '$1 == "POST" && ($3 != "write" || $4 != "header-or-field" || $5 != "writes") { bad = 1 } END { exit bad }' "$E2E_TMP/routes"
check "every write is a POST" awk '$3 == "write" && $1 != "POST" { bad = 1 } END { exit bad }' "$E2E_TMP/routes"
check "no path is listed twice for one method" \
  bash -c "[ -z \"\$(awk '{ print \$1, \$2 }' '$E2E_TMP/routes' | sort | uniq -d)\" ]"
for path in / /keep /events /api/round /api/join /app.js /style.css /manifest.webmanifest; do
  check "the table holds $path" awk -v p="$path" '$2 == p { found = 1 } END { exit !found }' "$E2E_TMP/routes"
done

# Nothing is registered outside the table: the server's source calls the library's Get and
# Post once each, in the loop over the table, and no other way of routing.
calls=$(cat "${sources[@]}" | grep -cE '\.(Get|Post)\(')
check "routes are registered in one place (got $calls calls of Get/Post)" test "$calls" = 2
check "no other method or mount is registered" \
  bash -c '! cat "$@" | grep -E "\.(Put|Delete|Patch|Options)\(|set_mount_point|set_file_request_handler"' - "${sources[@]}"

start_server
check "the server starts" [ -n "$BASE" ]
# status PATH [CURL ARGS...]: the HTTP status of a GET (an event stream is cut after 1 s).
status() {
  local path=$1
  shift
  curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$BASE$path" "$@"
}
before=$(db_content)
while read -r method path access secret limit reply; do
  url=${path//'(\d{1,12})'/1}
  url=${url//'\.'/.}
  case $url in /player*) url="$url?name=Ann" ;; esac
  case $secret in
    link) with=(-G --data-urlencode "token=$TOKEN") ;;
    header | header-or-field) with=(-H "X-Crowns-Token: $TOKEN") ;;
    *) with=() ;;
  esac
  if [ "$method" = GET ]; then
    got=$(status "$url" "${with[@]}")
    check "GET $url answers 200 (got $got)" test "$got" = 200
    if [ "$secret" != none ]; then
      got=$(status "$url")
      check "GET $url without the secret: 403 (got $got)" test "$got" = 403
      got=$(status "$url" -H "X-Crowns-Token: 0000" -G --data-urlencode "token=0000")
      check "GET $url with a wrong secret: 403 (got $got)" test "$got" = 403
    fi
  else
    got=$(post "$url" --data "game=1")
    check "POST $url without the secret: 403 (got ${got%% *})" test "${got%% *}" = 403
    got=$(post "$url" --data "game=1&token=0000")
    check "POST $url with a wrong secret: 403 (got ${got%% *})" test "${got%% *}" = 403
    got=$(post "$url" -H "Origin: http://evil.example" -H "X-Crowns-Token: $TOKEN" --data "game=1")
    check "POST $url from another site: 403 (got ${got%% *})" test "${got%% *}" = 403
    # With the secret the write is read and answered (refused for its missing fields).
    got=$(post "$url" -H "X-Crowns-Token: $TOKEN" --data "game=1&seen=-1")
    check "POST $url with the secret reaches its handler (got ${got%% *})" \
      bash -c "[ '${got%% *}' != 403 ] && [ '${got%% *}' != 404 ] && [ '${got%% *}' != 405 ]"
  fi
done <"$E2E_TMP/routes"
check "no refused or bad write changed the database" test "$(db_content)" = "$before"

# What the server answers is what the table lists: paths that are no row are 404, and a row's
# path under another method is not served.
for path in /api/nope /admin /keep/x /game /game/1/x /report/game /app.json /.git/config; do
  got=$(status "$path")
  check "GET $path (no row) is 404 (got $got)" test "$got" = 404
done
got=$(post /leaderboard -H "X-Crowns-Token: $TOKEN" --data "x=1")
check "POST /leaderboard (a GET row only) is 404 (got ${got%% *})" test "${got%% *}" = 404
got=$(status /api/round)
check "GET /api/round (a POST row only) is 404 (got $got)" test "$got" = 404
stop_server
finish
