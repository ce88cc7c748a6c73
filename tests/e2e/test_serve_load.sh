#!/usr/bin/env bash
# crowns serve under load and faults, on 127.0.0.1: 50 event-stream viewers while 8 writers
# (4 `crowns round` processes, 4 over HTTP) record 11 rounds each (serve_load.js: every viewer
# sees every round, every game holds exactly its writer's rounds, a round reaches 50 viewers
# within a second); then kill -9 of the server in the middle of writes: the database passes
# integrity_check, loses no committed round, and a restart on the same port serves at once.
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/serve_lib.sh"
set -f
if ! command -v node >/dev/null; then
  echo "test_serve_load.sh: SKIPPED: needs node"
  exit 0
fi

for g in 1 2 3 4 5 6 7 8 9; do
  "$CROWNS" new --another "A$g" "B$g" "C$g" --add >/dev/null
done
start_server
check "the server starts" [ -n "$BASE" ]
timeout 120 node "$(dirname "$0")/helpers/serve_load.js" "$BASE" "$TOKEN" "$CROWNS"
check "the load test passes" [ $? = 0 ]
stop_server
check "the server stops cleanly after the load" [ $? = 0 ]
check "the database is whole after the load" [ "$(sqlite3 "$CROWNS_DB" 'PRAGMA integrity_check')" = ok ]

# --- kill -9 while the scorekeeper writes: 10 games written round after round.
for g in $(seq 10 19); do "$CROWNS" new --another "D$g" "E$g" --add >/dev/null; done
start_server
port=${BASE##*:}
writes() {
  local g r
  for r in $(seq 1 11); do
    for g in $(seq 10 19); do
      curl -s -o /dev/null -X POST "$BASE/api/round" -H "X-Crowns-Token: $TOKEN" \
        -d game=$g -d v0=out -d v1=$((r + 9)) || return 0
    done
  done
}
writes &
writer=$!
sleep 1.5
kill -9 "$SERVE_PID"
wait "$SERVE_PID" 2>/dev/null
SERVE_PID=""
wait "$writer" 2>/dev/null
check "after kill -9 the database passes integrity_check" \
  [ "$(sqlite3 "$CROWNS_DB" 'PRAGMA integrity_check')" = ok ]
rounds=$(sqlite3 "$CROWNS_DB" 'SELECT count(*) FROM rounds WHERE game_id >= 10')
check "some rounds were written before the kill ($rounds)" [ "$rounds" -gt 0 ]
# Every game got its rounds in order: no gaps, whichever moment the kill came.
gaps=$(sqlite3 "$CROWNS_DB" 'SELECT count(*) FROM (SELECT game_id, max(round) AS m, count(*) AS c FROM rounds WHERE game_id >= 10 GROUP BY game_id) WHERE m != c')
check "no game has a gap in its rounds" [ "$gaps" = 0 ]
started=$(date +%s%N)
SERVE_PORT=$port start_server
code=$(curl -s -o /dev/null -w '%{http_code}' "$BASE/")
elapsed=$((($(date +%s%N) - started) / 1000000))
check "a restart on the same port serves at once ($elapsed ms)" [ "$code" = 200 ] && [ "$elapsed" -lt 5000 ]
check "the restarted server is on the same port" [ "${BASE##*:}" = "$port" ]
check "the CLI still writes" "$CROWNS" round --game 19 out 5 >/dev/null
stop_server
finish
