#!/usr/bin/env bash
# Sets up (Debian packages, idempotent), builds everything with warnings as errors, and runs
# the whole test suite: unit, property and end-to-end tests.
#   bash scripts/test.sh            Release build (build/ci)
#   bash scripts/test.sh --asan     the same suite under AddressSanitizer + UBSan (build/asan)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"
preset=ci
[ "${1:-}" = "--asan" ] && preset=asan
jobs=$(nproc)
cd "$root"
cmake --preset "$preset" >/dev/null
cmake --build "$root/build/$preset" -j "$jobs"
ctest --test-dir "$root/build/$preset" --output-on-failure -j "$jobs"
