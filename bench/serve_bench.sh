#!/usr/bin/env bash
# crowns serve's page times on the 10,000-game database (bench_games scorekeeping): for each
# page, the server's own time (its Server-Timing header `page`: rendering, finding the copy
# kept, or the copy from before the change while the new one is made), asked 0.1 s after a
# change made by another process: a round recorded in the game at the table (`crowns round`)
# and its undo, and that game finishing (its round 11) and its undo; median and worst of RUNS
# (default 5) each. Then `fresh`: the time from the end of each of those changes until the page
# served is as the database is now (X-Crowns-Fresh: yes, asked with HEAD every 10 ms), median
# and worst. Then median of 20 when nothing changed, and curl's whole request time.
# Usage: [TABLE=old] bench/serve_bench.sh BUILD_DIR [RUNS]      (use a Release build)
set -eu
source "$(dirname "$0")/lib.sh"
build=${1:?usage: serve_bench.sh BUILD_DIR [RUNS]}
runs=${2:-5}
bench_setup scorekeeping "$build"
# The games are dated 2025: today in 2025 puts them (and the game at the table) in the current
# period of /leaderboard and /report, as at a real table.
export CROWNS_TODAY=2025-12-31
"$crowns" serve --port 0 >"$tmp/serve.out" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do grep -q '^Scorekeeper:' "$tmp/serve.out" && break; sleep 0.1; done
base=$(sed -n 's|^Viewers: *\(http://[^/]*\)/$|\1|p' "$tmp/serve.out")
token=$(sed -n 's|^Scorekeeper: .*token=\([0-9a-f]*\)$|\1|p' "$tmp/serve.out")
# The game at the table: today's, the newest, as at a real table (a game newer than every
# finished one is rated on top of them when it ends; `TABLE=old` plays the database's own
# unfinished game instead, dated 2025-04-10, whose end makes the ratings of every later game
# be replayed). Taken to round 10: round 11 ends it.
if [ "${TABLE:-new}" = old ]; then
  players=$("$crowns" show --json | grep -o '"players":\[[^]]*\]' | tr -cd ',' | wc -c)
  first=6
else
  "$crowns" abandon --yes >/dev/null
  "$crowns" new Player1 Player2 Player3 Player4 Player5 --date "$CROWNS_TODAY" >/dev/null
  players=4
  first=1
fi
values=("0*")
for _ in $(seq "$players"); do values+=(5); done
for r in $(seq "$first" 10); do "$crowns" round --round "$r" "${values[@]}" >/dev/null; done
game=$("$crowns" show --json | grep -o '"id":[0-9]*' | head -1 | cut -d: -f2)

# timing PATH FIELD: the server's `page` or `made` time of one request of PATH, in ms.
timing() {
  curl -s -D - -o /dev/null "$base$1" | tr -d '\r' |
    sed -n "s/^Server-Timing:.*$2;dur=\([0-9.]*\).*/\1/p"
}
med() { sort -n | awk '{a[NR]=$1} END {printf "%.2f", a[int((NR+1)/2)]}'; }
worst() { sort -n | tail -1 | awk '{printf "%.2f", $1}'; }
# ready PATH START: ms from START (date +%s%N) until PATH is served fresh.
ready() {
  until curl -s -I "$base$1" | tr -d '\r' | grep -qi '^x-crowns-fresh: yes'; do sleep 0.01; done
  echo $((($(date +%s%N) - $2) / 1000000))
}
# after PATH: the page time 0.1 s after a `crowns round` in the game at the table and after
# its `crowns undo`, $runs times each; sets $result ("median worst") and $fresh ("median worst"
# of the time until the page is fresh after each).
after() {
  local path=$1 times=() fresh_ms=() start
  for _ in $(seq "$runs"); do
    for change in round undo; do
      if [ "$change" = round ]; then "$crowns" round "${values[@]}" >/dev/null; else "$crowns" undo >/dev/null; fi
      start=$(date +%s%N)
      sleep 0.1 # the watcher sees it (50 ms ticks)
      times+=("$(timing "$path" page)")
      fresh_ms+=("$(ready "$path" "$start")")
      sleep 1 # the other pages asked lately are made too
    done
  done
  result="$(printf '%s\n' "${times[@]}" | med) $(printf '%s\n' "${times[@]}" | worst)"
  fresh="$(printf '%s\n' "${fresh_ms[@]}" | med) $(printf '%s\n' "${fresh_ms[@]}" | worst)"
}

printf '%-22s %15s %15s %15s %15s %8s %11s\n' page "after a round" "after a finish" \
  "fresh (round)" "fresh (finish)" kept "curl total"
printf '%-22s %15s %15s %15s %15s %8s %11s\n' "" "median worst" "median worst" "median worst" \
  "median worst" "" ""
for path in / "/game/$game" "/keep?token=$token" /games "/games?page=200" /leaderboard \
  "/leaderboard?all" /report "/report?all" "/report/game/$game"; do
  timing "$path" page >/dev/null # asked once: made again after each change from now on
  "$crowns" undo >/dev/null # round 9 the last: the next round does not end the game
  sleep 1.5
  after "$path"
  round=$result
  round_fresh=$fresh
  "$crowns" round "${values[@]}" >/dev/null # round 10 the last: the next ends the game
  sleep 1.5
  after "$path"
  finish=$result
  finish_fresh=$fresh
  kept=()
  total=()
  for _ in $(seq 20); do
    kept+=("$(timing "$path" page)")
    total+=("$(curl -s -o /dev/null -w '%{time_total}' "$base$path" | awk '{printf "%.3f", $1 * 1000}')")
  done
  shown=${path%%token=*}
  [ "$shown" = "$path" ] || shown="${shown}token=…"
  printf '%-22s %15s %15s %15s %15s %8s %8s ms\n' "$shown" "$round" "$finish" "$round_fresh" \
    "$finish_fresh" "$(printf '%s\n' "${kept[@]}" | med)" "$(printf '%s\n' "${total[@]}" | med)"
done
