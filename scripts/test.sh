#!/usr/bin/env bash
# Sets up (Debian packages, idempotent), builds everything with warnings as errors, and runs
# the whole test suite: unit, property and end-to-end tests.
#   bash scripts/test.sh            Release build (build/ci)
#   bash scripts/test.sh --asan     the same suite under AddressSanitizer + UBSan (build/asan)
#   bash scripts/test.sh --debug-unit  the unit tests in a Debug build (build/debug): two
#                                   definitions of one type (an ODR clash) crash only there
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh" --test
preset=ci
[ "${1:-}" = "--asan" ] && preset=asan
jobs=$(nproc)
cd "$root"
if [ "${1:-}" = "--debug-unit" ]; then
  cmake --preset debug -DCROWNS_WERROR=ON -DCROWNS_BUILD_BENCH=OFF >/dev/null
  cmake --build "$root/build/debug" -j "$jobs" --target crowns_tests
  # Each unit test case as its own process, in parallel (at -O0 the property tests are slow);
  # the end-to-end tests need the crowns binary, which this build does not make.
  ctest --test-dir "$root/build/debug" --output-on-failure -j "$jobs" -E '^e2e[.]'
  exit
fi
cmake --preset "$preset" >/dev/null
cmake --build "$root/build/$preset" -j "$jobs"
ctest --test-dir "$root/build/$preset" --output-on-failure -j "$jobs"
