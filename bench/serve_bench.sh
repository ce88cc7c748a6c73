#!/usr/bin/env bash
# crowns serve's page times on the 10,000-game database (bench_games scorekeeping): for each
# page, the server's own time (its Server-Timing header: rendering, waiting for the render in
# progress, or finding the copy kept since the last change), median of 3: asked 0.1 s after a
# change (`crowns round` in another process), and 2 s after one (the server has rendered it
# again by itself); median of 20 when nothing changed; and curl's whole request time then.
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
printf '%-20s %12s %12s %10s %11s\n' page "just after" "2 s after" "kept" "curl total"
for path in / /game/10000 /games "/games?page=100" /leaderboard /report "/keep?token=$token"; do
  server_ms "$path" >/dev/null  # asked once: rendered ahead after each change from now on
  soon=()
  later=()
  for _ in 1 2 3; do
    "$crowns" round "${values[@]}" >/dev/null  # a change: every kept page is dropped
    sleep 0.1                                  # the watcher sees it (50 ms ticks)
    soon+=("$(server_ms "$path")")
    "$crowns" undo >/dev/null
    sleep 2
    later+=("$(server_ms "$path")")
  done
  kept=()
  total=()
  for _ in $(seq 20); do
    kept+=("$(server_ms "$path")")
    total+=("$(curl -s -o /dev/null -w '%{time_total}' "$base$path" | awk '{printf "%.3f", $1 * 1000}')")
  done
  shown=${path%%token=*}
  [ "$shown" = "$path" ] || shown="${shown}token=…"
  printf '%-20s %12s %12s %10s %8s ms\n' "$shown" "$(printf '%s\n' "${soon[@]}" | med)" \
    "$(printf '%s\n' "${later[@]}" | med)" "$(printf '%s\n' "${kept[@]}" | med)" \
    "$(printf '%s\n' "${total[@]}" | med)"
done
