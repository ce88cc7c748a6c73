#!/usr/bin/env bash
# Scorekeeping benchmark: a database of 10,000 finished games, then the wall time of
# crowns show / round / games / --version (median of N runs, in ms; bash's EPOCHREALTIME
# around each run, so no timing process is forked).
# Usage: bench/store_bench.sh BUILD_DIR [RUNS]     (use a Release build)
set -eu
build=${1:?usage: store_bench.sh BUILD_DIR [RUNS]}
runs=${2:-21}
crowns=$build/crowns
gen=$build/bench/bench_games
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export CROWNS_DB=$tmp/bench.db NO_COLOR=1
"$gen" scorekeeping "$CROWNS_DB" 10000

# Median wall time in ms of running "$@" $runs times (each run's output discarded).
median_ms() {
  local times=()
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=${EPOCHREALTIME/./}
    "$@" >/dev/null
    t1=${EPOCHREALTIME/./}
    times+=($((t1 - t0)))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}

# `round` records round 6 of the unfinished game (the last one); an untimed undo between
# runs keeps it there. One value per player: the first went out, the others hold 5.
players=$("$crowns" show --json | grep -o '"players":\[[^]]*\]' | tr -cd ',' | wc -c)
values=("0*")
for _ in $(seq "$players"); do values+=(5); done
round_cmd() { "$crowns" round "${values[@]}"; }
round_ms() {
  local times=()
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=${EPOCHREALTIME/./}
    round_cmd >/dev/null
    t1=${EPOCHREALTIME/./}
    "$crowns" undo >/dev/null
    times+=($((t1 - t0)))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}

echo "database: $(du -h "$CROWNS_DB" | cut -f1), $("$crowns" games | tail -n +2 | wc -l) games; median of $runs runs"
# What starting any program costs on this machine, for scale.
echo "/bin/true        $(median_ms /bin/true) ms   (process start, for scale)"
echo "crowns show      $(median_ms "$crowns" show) ms   (target <= 20)"
echo "crowns round     $(round_ms) ms   (target <= 20)"
echo "crowns games     $(median_ms "$crowns" games) ms   (target <= 100)"
echo "crowns --version $(median_ms "$crowns" --version) ms   (target <= 5)"
