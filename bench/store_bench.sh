#!/usr/bin/env bash
# Scorekeeping benchmark: a database of 10,000 finished games (bench_games scorekeeping), then
# the wall and CPU time of crowns show / round / games / --version (median of N runs, in ms;
# see bench/lib.sh for how they are timed).
# Usage: bench/store_bench.sh BUILD_DIR [RUNS]     (use a Release build)
set -eu
source "$(dirname "$0")/lib.sh"
build=${1:?usage: store_bench.sh BUILD_DIR [RUNS]}
runs=${2:-21}
bench_setup scorekeeping "$build"

# `round` records round 6 of the unfinished game (the last one); an untimed undo after each
# run keeps it there. One value per player: the first went out, the others hold 5.
players=$("$crowns" show --json | grep -o '"players":\[[^]]*\]' | tr -cd ',' | wc -c)
values=("0*")
for _ in $(seq "$players"); do values+=(5); done
undo() { "$crowns" undo; }

echo "database: $(du -h "$CROWNS_DB" | cut -f1), $("$crowns" games | tail -n +2 | wc -l) games; median of $runs runs"
line() { printf '%-18s %-32s %s\n' "$@"; }
line "/bin/true" "$(median_ms /bin/true)" "(process start, for scale)"
line "crowns show" "$(median_ms "$crowns" show)" "(target <= 20 ms)"
line "crowns round" "$(after_each=undo median_ms "$crowns" round "${values[@]}")" "(target <= 20 ms)"
line "crowns games" "$(median_ms "$crowns" games)" "(target <= 100 ms)"
line "crowns --version" "$(median_ms "$crowns" --version)" "(target <= 5 ms)"
