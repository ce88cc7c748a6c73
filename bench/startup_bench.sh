#!/usr/bin/env bash
# Start-up benchmark (issue 18): crowns' quick commands against the sqlite3 shell reading the
# same rows, on the 10,000-game database of `bench_games scorekeeping`. Each pair is run
# alternately (crowns, sqlite3, crowns, sqlite3, ...) so that both see the same load on a
# shared machine; printed: the median wall time of each and the median of the per-pair ratios.
# Usage: bench/startup_bench.sh BUILD_DIR [PAIRS] [LONG_PAIRS]   (use a Release build)
#        PAIRS (default 200) for show, LONG_PAIRS (default PAIRS) for games and leaderboard
#        BENCH_DB=FILE bench/startup_bench.sh ...      reuse a database instead of generating one
set -eu
source "$(dirname "$0")/lib.sh"
build=${1:?usage: startup_bench.sh BUILD_DIR [PAIRS]}
pairs=${2:-200}
long_pairs=${3:-$pairs}
if [ -n "${BENCH_DB:-}" ]; then
  crowns=$build/crowns
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  export CROWNS_DB=$BENCH_DB NO_COLOR=1
else
  bench_setup scorekeeping "$build"
fi
game=${BENCH_GAME:-5000}

comparison_queries "$game"

# paired LABEL SQL N CROWNS_ARGS...: runs crowns and `sqlite3 DB SQL` alternately N times.
paired() {
  local label=$1 sql=$2 n=$3 a=() b=() r=()
  shift 3
  for _ in $(seq "$n"); do
    local t0 t1 t2
    t0=${EPOCHREALTIME/./}
    "$crowns" "$@" >/dev/null
    t1=${EPOCHREALTIME/./}
    sqlite3 -readonly "$CROWNS_DB" "$sql" >/dev/null
    t2=${EPOCHREALTIME/./}
    a+=($((t1 - t0)))
    b+=($((t2 - t1)))
    r+=("$(((t1 - t0) * 1000 / (t2 - t1)))")
  done
  printf '%-28s crowns %6s ms   sqlite3 %6s ms   ratio (median of pairs) %s\n' "$label" \
    "$(printf '%s\n' "${a[@]}" | median)" "$(printf '%s\n' "${b[@]}" | median)" \
    "$(printf '%s\n' "${r[@]}" | sort -n | awk '{x[NR]=$1} END {printf "%.2f", x[int((NR+1)/2)]/1000}')"
}

echo "database: $(du -h "$CROWNS_DB" | cut -f1); $pairs pairs for show, $long_pairs for the others"
paired "show --game $game" "$sql_show" "$pairs" show --game "$game"
paired "games" "$sql_games" "$long_pairs" games
paired "leaderboard --all" "$sql_leaderboard" "$long_pairs" leaderboard --all
