#!/usr/bin/env bash
# End-to-end throughput of `crowns analyze --batch`: N random legal 14-card drawn hands of
# round 11 (Ks wild, one box) as JSON Lines from bench_solver --jsonl, piped through the
# real binary RUNS times; prints the median wall time and CPU time (user + sys, from
# /usr/bin/time: the steadier figure on a shared machine) and hands per second.
# Usage: bench/analyze_bench.sh BUILD_DIR [HANDS] [RUNS]    (use a Release build)
set -eu
build=${1:?usage: analyze_bench.sh BUILD_DIR [HANDS] [RUNS]}
hands=${2:-200000}
runs=${3:-7}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$build/bench/bench_solver" --jsonl "$hands" --seed 7 >"$tmp/hands.jsonl"

times=()
cpu=()
for _ in $(seq "$runs"); do
  t0=${EPOCHREALTIME/./}
  /usr/bin/time -f '%U %S' -o "$tmp/cpu" "$build/crowns" analyze --batch <"$tmp/hands.jsonl" >"$tmp/out.jsonl"
  t1=${EPOCHREALTIME/./}
  times+=($((t1 - t0)))
  cpu+=("$(awk '{printf "%d", ($1 + $2) * 1e6}' "$tmp/cpu")")
done
answers=$(wc -l <"$tmp/out.jsonl")
errors=$(grep -c '"error"' "$tmp/out.jsonl" || true)
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
cpu_median=$(printf '%s\n' "${cpu[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
echo "input: $hands hands, $(du -h "$tmp/hands.jsonl" | cut -f1); $answers answers, $errors errors; $runs runs"
awk -v m="$median" -v c="$cpu_median" -v n="$hands" 'BEGIN {
  printf "crowns analyze --batch  wall: median %.0f ms = %.0f hands/s;  CPU: median %.0f ms = %.0f hands/s   (target >= 100000)\n",
    m / 1000, n / (m / 1e6), c / 1000, n / (c / 1e6) }'
