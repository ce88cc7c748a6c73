#!/usr/bin/env bash
# crowns serve's page times on the 10,000-game database (bench_games scorekeeping): for each
# page, the server's own time (its Server-Timing header: rendering, or finding the copy kept
# since the last change) when freshly rendered after a change (median of 5) and when kept
# (median of 20), and curl's whole request time for the kept page.
# Usage: bench/serve_bench.sh BUILD_DIR      (use a Release build)
set -eu
source "$(dirname "$0")/lib.sh"
build=${1:?usage: serve_bench.sh BUILD_DIR}
bench_setup scorekeeping "$build"
"$crowns" serve --port 0 >"$tmp/serve.out" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do grep -q '^Scorekeeper:' "$tmp/serve.out" && break; sleep 0.1; done
base=$(sed -n 's|^Viewers: *\(http://[^/]*\)/$|\1|p' "$tmp/serve.out")
token=$(sed -n 's|^Scorekeeper: .*token=\([0-9a-f]*\)$|\1|p' "$tmp/serve.out")
players=$("$crowns" show --json | grep -o '"players":\[[^]]*\]' | tr -cd ',' | wc -c)
values=("0*")
for _ in $(seq "$players"); do values+=(5); done

# The server's time for one request of PATH, in ms.
server_ms() {
  curl -s -D - -o /dev/null "$base$1" | tr -d '\r' | sed -n 's/^Server-Timing: page;dur=//p'
}
med() { sort -n | awk '{a[NR]=$1} END {printf "%.2f", a[int((NR+1)/2)]}'; }
printf '%-22s %14s %12s %14s\n' page "fresh (ms)" "kept (ms)" "curl total"
for path in / /game/10000 /games "/games?page=100" /leaderboard /report "/keep?token=$token"; do
  fresh=()
  for _ in 1 2 3 4 5; do
    "$crowns" round "${values[@]}" >/dev/null  # a change: every kept page is dropped
    sleep 0.2                                  # the watcher sees it (50 ms ticks)
    fresh+=("$(server_ms "$path")")
    "$crowns" undo >/dev/null
    sleep 0.2
  done
  server_ms "$path" >/dev/null
  kept=()
  total=()
  for _ in $(seq 20); do
    kept+=("$(server_ms "$path")")
    total+=("$(curl -s -o /dev/null -w '%{time_total}' "$base$path" | awk '{printf "%.3f", $1 * 1000}')")
  done
  shown=${path%%token=*}
  [ "$shown" = "$path" ] || shown="${shown}token=…"
  printf '%-22s %14s %12s %11s ms\n' "$shown" "$(printf '%s\n' "${fresh[@]}" | med)" \
    "$(printf '%s\n' "${kept[@]}" | med)" "$(printf '%s\n' "${total[@]}" | med)"
done
