#!/usr/bin/env bash
# Reads at the bare query's cost (issue 46): `crowns show` and `crowns games` against the
# sqlite3 shell reading the same rows (bench/lib.sh's comparison_queries), on the 10,000-game
# database of `bench_games scorekeeping`. Two figures for each: the instructions executed
# (callgrind: the same count on a busy machine, so the figure to decide by) and the CPU time
# (`perf stat -e task-clock`, RUNS runs each, crowns and sqlite3 one after the other).
# Usage: bench/reads_bench.sh BUILD_DIR [RUNS]        (a Release build; RUNS 40 by default)
#        BENCH_DB=FILE bench/reads_bench.sh ...      reuse a database instead of generating one
#        CROWNS=FILE bench/reads_bench.sh ...        time another crowns (a build before a change)
set -eu
source "$(dirname "$0")/lib.sh"
build=${1:?usage: reads_bench.sh BUILD_DIR [RUNS]}
runs=${2:-40}
if [ -n "${BENCH_DB:-}" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  export CROWNS_DB=$BENCH_DB NO_COLOR=1
else
  bench_setup scorekeeping "$build"
fi
crowns=${CROWNS:-$build/crowns}
game=${BENCH_GAME:-5000}
comparison_queries "$game"

# instructions CMD...: the instructions callgrind counts for CMD (output discarded).
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    awk '/Collected :/ {print $NF}'
}
# task_clock CMD...: perf stat's mean task-clock in ms over $runs runs, and its spread.
task_clock() {
  perf stat -r "$runs" -e task-clock "$@" 2>&1 >/dev/null |
    awk '/task-clock/ {printf "%s ms +- %s", $1, $(NF-1)}'
}
# compare LABEL SQL CROWNS_ARGS...
compare() {
  local label=$1 sql=$2 a b
  shift 2
  a=$(instructions "$crowns" "$@")
  b=$(instructions sqlite3 -readonly "$CROWNS_DB" "$sql")
  printf '%-20s instructions: crowns %s, sqlite3 %s: %s\n' "$label" "$a" "$b" \
    "$(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.3fx", a / b}')"
  a=$(task_clock "$crowns" "$@")
  b=$(task_clock sqlite3 -readonly "$CROWNS_DB" "$sql")
  printf '%-20s task-clock:   crowns %s, sqlite3 %s: %s\n' "$label" "$a" "$b" \
    "$(awk -v a="${a%% *}" -v b="${b%% *}" 'BEGIN {printf "%.2fx", a / b}')"
}

echo "database: $(du -h "$CROWNS_DB" | cut -f1); crowns: $crowns; $runs runs of perf stat each"
compare "show --game $game" "$sql_show" show --game "$game"
compare "games" "$sql_games" games
