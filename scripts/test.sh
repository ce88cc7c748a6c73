#!/usr/bin/env bash
# Sets up (Debian packages, idempotent), builds everything with warnings as errors, and runs
# the whole test suite: unit, property and end-to-end tests.
#   bash scripts/test.sh            Release build (build/ci)
#   bash scripts/test.sh --asan     the same suite under AddressSanitizer + UBSan (build/asan)
#   bash scripts/test.sh --debug-unit  the unit tests in a Debug build (build/debug): two
#                                   definitions of one type (an ODR clash) crash only there
#   bash scripts/test.sh --build-only [--asan|--debug-unit]
#                                   the build alone, with only the packages a build needs (CI
#                                   builds the next step's tree while this step runs)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
preset=ci
build_only=0
for option in "$@"; do
  case "$option" in
    --asan) preset=asan ;;
    --debug-unit) preset=debug ;;
    --build-only) build_only=1 ;;
    *)
      echo "test.sh: unknown option $option (--asan, --debug-unit or --build-only)" >&2
      exit 2
      ;;
  esac
done
if ((build_only)); then
  bash "$root/scripts/setup.sh"
else
  bash "$root/scripts/setup.sh" --test
fi
jobs=$(nproc)
cd "$root"
if [ "$preset" = debug ]; then
  cmake --preset debug -DCROWNS_WERROR=ON -DCROWNS_BUILD_BENCH=OFF >/dev/null
  cmake --build "$root/build/debug" -j "$jobs" --target crowns_tests
  ((build_only)) && exit 0
  # Each unit test case as its own process, in parallel (at -O0 the property tests are slow);
  # the end-to-end tests need the crowns binary, which this build does not make.
  ctest --test-dir "$root/build/debug" --output-on-failure -j "$jobs" -E '^e2e[.]'
  exit
fi
cmake --preset "$preset" >/dev/null
cmake --build "$root/build/$preset" -j "$jobs"
((build_only)) && exit 0
if [ "$preset" = asan ]; then
  # Under the sanitizers every test but the browser ones (label browser; one browser test,
  # label browser-smoke, stays): Chromium's time, not the server's, is most of theirs, and the
  # Release suite runs them all.
  ctest --test-dir "$root/build/$preset" --output-on-failure -j "$jobs" -LE '^browser$'
  exit
fi
ctest --test-dir "$root/build/$preset" --output-on-failure -j "$jobs"
