#!/usr/bin/env bash
# crowns serve: each page's weight over the wire (plain, and with curl --compressed) and its
# server time (Server-Timing `page`) on the 10,000-game database (bench_games scorekeeping):
# median/worst of RUNS asks each 0.15 s after a change by another process (a `crowns round`
# or its undo in the game at the table), and of RUNS asks with nothing changed.
# Usage: bench/serve_weight.sh BUILD_DIR [RUNS]      (use a Release build)
set -eu
build=${1:?usage: serve_weight.sh BUILD_DIR [RUNS]}; runs=${2:-10}
source "$(dirname "$0")/lib.sh"
bench_setup scorekeeping "$build"
export CROWNS_TODAY=2025-12-31
"$crowns" abandon --yes >/dev/null
"$crowns" new Player1 Player2 Player3 Player4 Player5 --date "$CROWNS_TODAY" >/dev/null
for _ in $(seq 1 9); do "$crowns" round 0* 5 5 5 5 >/dev/null; done
"$crowns" serve --port 0 >"$tmp/serve.out" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do grep -q '^Scorekeeper:' "$tmp/serve.out" && break; sleep 0.1; done
base=$(sed -n 's|^Viewers: *\(http://[^/]*\)/$|\1|p' "$tmp/serve.out")
token=$(sed -n 's|^Scorekeeper: .*token=\([0-9a-f]*\)$|\1|p' "$tmp/serve.out")
game=$("$crowns" show --json | grep -o '"id":[0-9]*' | head -1 | cut -d: -f2)
timing() { curl -s -D - -o /dev/null "$base$1" | tr -d '\r' | sed -n 's/^Server-Timing:.*page;dur=\([0-9.]*\).*/\1/p'; }
med() { sort -n | awk '{a[NR]=$1} END {printf "%.2f", a[int((NR+1)/2)]}'; }
worst() { sort -n | tail -1 | awk '{printf "%.2f", $1}'; }
printf '%-40s %9s %9s %13s %13s\n' page bytes gzip "after change" "kept"
for path in / "/game/$game" "/keep?token=$token" /games /leaderboard "/analyze" \
  "/analyze?round=5&cards=7h+8h+9h+Ks+Kd+3c+jk" "/analyze?round=11&cards=3h+4h+5h+6h+7h+8h+9h+10h+Jh+Qh+Kh+jk+jk" \
  /app.js /style.css; do
  timing "$path" >/dev/null
  after=(); kept=()
  for i in $(seq "$runs"); do
    if [ $((i % 2)) = 1 ]; then "$crowns" round 0* 5 5 5 5 >/dev/null; else "$crowns" undo >/dev/null; fi
    sleep 0.15
    after+=("$(timing "$path")")
  done
  for _ in $(seq "$runs"); do kept+=("$(timing "$path")"); done
  plain=$(curl -s -o /dev/null -w '%{size_download}' "$base$path")
  gz=$(curl -s --compressed -o /dev/null -w '%{size_download}' "$base$path")
  shown=${path%%token=*}; [ "$shown" = "$path" ] || shown="${shown}token=…"
  printf '%-40s %9s %9s %13s %13s\n' "$shown" "$plain" "$gz" \
    "$(printf '%s\n' "${after[@]:-0}" | med)/$(printf '%s\n' "${after[@]:-0}" | worst)" \
    "$(printf '%s\n' "${kept[@]:-0}" | med)/$(printf '%s\n' "${kept[@]:-0}" | worst)"
done
