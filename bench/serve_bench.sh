#!/usr/bin/env bash
# crowns serve's page times on the 10,000-game database (bench_games scorekeeping): for each
# page, the server's own time (its Server-Timing header `page`: rendering, waiting for the
# render in progress, or finding the copy kept), asked 0.1 s after a change made by another
# process: a round recorded in the game at the table (`crowns round`) and its undo, and that
# game finishing (its round 11) and its undo; median and worst of RUNS (default 5) each.
# Then `made`: how long the server took to make the copy it served after the finish (in the
# background, before anyone asks: from a change to fresh pages is this plus at most 50 ms for
# the watcher to notice). Then median of 20 when nothing changed, and curl's whole request time.
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
for _ in $(seq "$first" 10); do "$crowns" round "${values[@]}" >/dev/null; done
game=$("$crowns" show --json | grep -o '"id":[0-9]*' | head -1 | cut -d: -f2)

# timing PATH FIELD: the server's `page` or `made` time of one request of PATH, in ms.
timing() {
  curl -s -D - -o /dev/null "$base$1" | tr -d '\r' |
    sed -n "s/^Server-Timing:.*$2;dur=\([0-9.]*\).*/\1/p"
}
med() { sort -n | awk '{a[NR]=$1} END {printf "%.2f", a[int((NR+1)/2)]}'; }
worst() { sort -n | tail -1 | awk '{printf "%.2f", $1}'; }
# after PATH: the page time 0.1 s after a `crowns round` in the game at the table and after
# its `crowns undo`, $runs times each; sets $result ("median worst") and $made_after (the
# median `made` after the round).
after() {
  local path=$1 times=() made=()
  for _ in $(seq "$runs"); do
    "$crowns" round "${values[@]}" >/dev/null
    sleep 0.1 # the watcher sees it (50 ms ticks)
    times+=("$(timing "$path" page)")
    made+=("$(timing "$path" made)")
    sleep 1.5
    "$crowns" undo >/dev/null
    sleep 0.1
    times+=("$(timing "$path" page)")
    sleep 1.5
  done
  made_after=$(printf '%s\n' "${made[@]}" | med)
  result="$(printf '%s\n' "${times[@]}" | med) $(printf '%s\n' "${times[@]}" | worst)"
}

printf '%-22s %15s %15s %10s %8s %11s\n' page "after a round" "after a finish" "made" kept \
  "curl total"
printf '%-22s %15s %15s %10s %8s %11s\n' "" "median worst" "median worst" "(finish)" "" ""
for path in / "/game/$game" "/keep?token=$token" /games "/games?page=200" /leaderboard \
  "/leaderboard?all" /report "/report?all" "/report/game/$game"; do
  timing "$path" page >/dev/null # asked once: made again after each change from now on
  "$crowns" undo >/dev/null # round 9 the last: the next round does not end the game
  after "$path"
  round=$result
  "$crowns" round "${values[@]}" >/dev/null # round 10 the last: the next ends the game
  sleep 1.5
  after "$path"
  finish=$result
  made=$made_after
  kept=()
  total=()
  for _ in $(seq 20); do
    kept+=("$(timing "$path" page)")
    total+=("$(curl -s -o /dev/null -w '%{time_total}' "$base$path" | awk '{printf "%.3f", $1 * 1000}')")
  done
  shown=${path%%token=*}
  [ "$shown" = "$path" ] || shown="${shown}token=…"
  printf '%-22s %15s %15s %10s %8s %8s ms\n' "$shown" "$round" "$finish" "$made" \
    "$(printf '%s\n' "${kept[@]}" | med)" "$(printf '%s\n' "${total[@]}" | med)"
done
