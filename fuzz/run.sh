#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) and runs each for SECONDS seconds.
#   bash fuzz/run.sh 60            every fuzz/fuzz_*.cpp target, 60 s each
#   bash fuzz/run.sh 60 fuzz_cards only the named targets
#   bash fuzz/run.sh --build-only  build the targets, run none (CI builds them ahead)
# Seeds come from fuzz/corpus/<target>/ (never written to); what the fuzzer learns goes to
# build-fuzz/corpus/<target>/, crashes to build-fuzz/artifacts/<target>/. Exits non-zero if a
# target finds a crash: reproduce with build-fuzz/fuzz/<target> <artifact>, then keep the input as
# a regression test (tests/unit/test_fuzz_regressions.cpp).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build_only=0
if [ "${1:-}" = --build-only ]; then
  build_only=1
  shift
fi
seconds=${1:-60}
shift || true
build=${CROWNS_FUZZ_BUILD:-$root/build-fuzz}

# clang and its sanitizer/fuzzer runtimes (Debian 12: clang 14), installed if missing.
if ! command -v clang++ >/dev/null || ! dpkg-query -W -f='${Status}' libclang-rt-14-dev 2>/dev/null | grep -q "install ok installed"; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "fuzz: installing clang libclang-rt-14-dev"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq clang libclang-rt-14-dev >/dev/null
fi

if [ $# -gt 0 ]; then
  targets=("$@")
else
  targets=()
  for f in "$root"/fuzz/fuzz_*.cpp; do targets+=("$(basename "$f" .cpp)"); done
fi

CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
  -DCROWNS_BUILD_FUZZ=ON -DCROWNS_BUILD_TESTS=OFF -DCROWNS_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" --target "${targets[@]}"
((build_only)) && exit 0

# fuzz_one TARGET: runs one target for $seconds; its report in $build/TARGET.log and .summary.
fuzz_one() {
  local t=$1
  mkdir -p "$build/corpus/$t" "$build/artifacts/$t"
  local seeds=() dict=()
  [ -d "$root/fuzz/corpus/$t" ] && seeds+=("$root/fuzz/corpus/$t")
  [ -f "$root/fuzz/$t.dict" ] && dict+=("-dict=$root/fuzz/$t.dict")
  if "$build/fuzz/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$build/artifacts/$t/" "${dict[@]}" "$build/corpus/$t" "${seeds[@]}" \
      2>"$build/$t.log"; then
    grep -E "^stat::number_of_executed_units|^Done|^stat::peak_rss" "$build/$t.log" | sed "s/^/fuzz: $t: /" || true
  else
    echo "fuzz: $t FOUND A PROBLEM (log: $build/$t.log)"
    grep -E "^(==|SUMMARY|fuzz_|input:|answer:)" "$build/$t.log" | head -20 || true
    return 1
  fi
}

# One target per core at a time (each fuzzer is one process): every target still gets its
# $seconds, and CI waits for them in half the time on two cores.
jobs=${CROWNS_FUZZ_JOBS:-$(nproc)}
status=0
running=0
for t in "${targets[@]}"; do
  echo "fuzz: $t for ${seconds}s"
  fuzz_one "$t" &
  running=$((running + 1))
  if ((running >= jobs)); then
    wait -n || status=1
    running=$((running - 1))
  fi
done
while ((running > 0)); do
  wait -n || status=1
  running=$((running - 1))
done
exit $status
