#!/usr/bin/env bash
# Solitaire strength and speed, as docs/SOLITAIRE.md reports them (Release build):
#   bash bench/solitaire_bench.sh [DEALS] [BUILD]     default 10000 deals, build/ci
# 1. The advisor and the greedy baseline on the same seeded deals (seeds 1..DEALS), every
#    core: wins with a 95% interval, piles closed on average, the histogram.
# 2. Time per play, single-threaded, on 400 deals (bench_solitaire): median, p90, max.
# Long: run it under nice on a shared machine.
set -euo pipefail
deals=${1:-10000}
build=${2:-build/ci}
db=$(mktemp -d)/bench.db
trap 'rm -rf "$(dirname "$db")"' EXIT
for policy in greedy advisor; do
  echo "== crowns solitaire --simulate $deals --seed 1 --policy $policy"
  /usr/bin/time -f "wall %e s, CPU %U s" "$build/crowns" --db "$db" solitaire \
    --simulate "$deals" --seed 1 --policy "$policy"
done
echo "== bench_solitaire --games 400 --seed 1000 (one thread)"
"$build/bench/bench_solitaire" --games 400 --seed 1000
