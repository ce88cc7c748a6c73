#!/usr/bin/env bash
# Statistics benchmark: a database of 10,000 games by 30 players (bench_games stats), then the
# wall and CPU time of crowns leaderboard --all / stats NAME --all / export / import (median of
# N runs, in ms; see bench/lib.sh for how they are timed).
# Import: the export is read into a fresh, empty database each run (removed, untimed,
# between runs). JSON is the default format; CSV is timed too.
# Usage: bench/stats_bench.sh BUILD_DIR [RUNS] [IMPORT_RUNS]    (use a Release build)
set -eu
source "$(dirname "$0")/lib.sh"
build=${1:?usage: stats_bench.sh BUILD_DIR [RUNS] [IMPORT_RUNS]}
runs=${2:-21}
import_runs=${3:-5}
bench_setup stats "$build"

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
line "crowns export (JSON)" "$(median_ms "$crowns" export --force -o "$tmp/again.json")" "(target <= 5000 ms)"
line "crowns export (CSV)" "$(median_ms "$crowns" export --force -o "$tmp/again.csv")" "(target <= 5000 ms)"
line "crowns import (JSON)" "$(import_ms "$tmp/all.json")" "(target <= 5000 ms)"
line "crowns import (CSV)" "$(import_ms "$tmp/all.csv")" "(target <= 5000 ms)"
