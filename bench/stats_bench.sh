#!/usr/bin/env bash
# Statistics benchmark: a database of 10,000 games by 30 players (bench_games stats), then the wall
# time of crowns leaderboard --all / stats NAME --all / export / import (median of N runs,
# in ms; bash's EPOCHREALTIME around each run, so no timing process is forked) and the CPU
# time (user + sys of the child, from bash's `times`: the steadier figure on a shared machine).
# Import: the export is read into a fresh, empty database each run (removed, untimed,
# between runs). JSON is the default format; CSV is timed too.
# Usage: bench/stats_bench.sh BUILD_DIR [RUNS] [IMPORT_RUNS]    (use a Release build)
set -eu
build=${1:?usage: stats_bench.sh BUILD_DIR [RUNS] [IMPORT_RUNS]}
runs=${2:-21}
import_runs=${3:-5}
crowns=$build/crowns
gen=$build/bench/bench_games
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export CROWNS_DB=$tmp/bench.db NO_COLOR=1
"$gen" stats "$CROWNS_DB" 10000

# Prints the median of the numbers (µs) on stdin, in ms.
median() {
  sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}

# User + sys time in µs of the children this shell has waited for, from a file that
# `times` wrote (ms resolution). `times` must run in the shell that ran the children, and
# nothing else may run between the two snapshots: so snapshot to files, read them after.
cpu_us() {
  awk 'NR == 2 {
    split($1, u, /[ms]/); split($2, s, /[ms]/)
    printf "%d", (u[1] * 60 + u[2] + s[1] * 60 + s[2]) * 1e6 }' "$1"
}

# Median wall time and CPU time in ms of running "$@" $runs times (output discarded).
median_ms() {
  local times=() cpu=()
  for _ in $(seq "${count:-$runs}"); do
    local t0 t1
    [ -z "${before_each:-}" ] || "$before_each"
    times >"$tmp/times0"
    t0=${EPOCHREALTIME/./}
    "$@" >/dev/null
    t1=${EPOCHREALTIME/./}
    times >"$tmp/times1"
    times+=($((t1 - t0)))
    cpu+=($(($(cpu_us "$tmp/times1") - $(cpu_us "$tmp/times0"))))
  done
  echo "$(printf '%s\n' "${times[@]}" | median) ms wall, $(printf '%s\n' "${cpu[@]}" | median) ms CPU"
}

# Importing file $1 into a fresh database, $import_runs times (the old one removed, untimed).
remove_fresh() { rm -f "$tmp"/fresh.db*; }
import_into_fresh() { CROWNS_DB=$tmp/fresh.db "$crowns" import "$1"; }
import_ms() { count=$import_runs before_each=remove_fresh median_ms import_into_fresh "$1"; }

# The player with the most wins (one of the largest profiles).
name=$("$crowns" leaderboard --all --by wins --csv | awk -F, 'NR > 1 {print $2; exit}')
"$crowns" export -o "$tmp/all.json" >/dev/null
"$crowns" export -o "$tmp/all.csv" >/dev/null

echo "database: $(du -h "$CROWNS_DB" | cut -f1), $("$crowns" games | tail -n +2 | wc -l) games," \
  "$("$crowns" player list 2>/dev/null | tail -n +2 | wc -l) players; export: JSON $(du -h "$tmp/all.json" | cut -f1)," \
  "CSV $(du -h "$tmp/all.csv" | cut -f1); median of $runs runs ($import_runs for import)"
line() { printf '%-26s %-32s %s\n' "$@"; }
line "/bin/true" "$(median_ms /bin/true)" "(process start, for scale)"
line "crowns leaderboard --all" "$(median_ms "$crowns" leaderboard --all)" "(target <= 200 ms)"
line "crowns stats $name --all" "$(median_ms "$crowns" stats "$name" --all)" "(target <= 200 ms)"
line "crowns export (JSON)" "$(median_ms "$crowns" export -o "$tmp/again.json")" "(target <= 5000 ms)"
line "crowns export (CSV)" "$(median_ms "$crowns" export -o "$tmp/again.csv")" "(target <= 5000 ms)"
line "crowns import (JSON)" "$(import_ms "$tmp/all.json")" "(target <= 5000 ms)"
line "crowns import (CSV)" "$(import_ms "$tmp/all.csv")" "(target <= 5000 ms)"
