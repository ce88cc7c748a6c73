#!/usr/bin/env bash
# The Debug build still catches an ODR clash (two types of one name in one namespace) with the
# project's unity batches on (issue 28): tests/odr is a deliberate clash, built with
# cmake/Warnings.cmake's crowns_fast_build. Alone, or in two batches, the Debug program runs one
# file's members on the other's type and goes wrong (a wrong value, or a crash, depending on
# which copy the linker kept); in one batch the compiler refuses it.
source "$(dirname "$0")/helpers/lib.sh"
T=$E2E_TMP
src=$(cd "$(dirname "$0")/../odr" && pwd)
unset CMAKE_CXX_COMPILER_LAUNCHER CXXFLAGS

# build NAME FLAGS...: configure and build the probe; the build's output in $T/NAME.log.
build() {
  local name=$1
  shift
  cmake -S "$src" -B "$T/$name" -DCMAKE_BUILD_TYPE=Debug "$@" >"$T/$name.log" 2>&1 &&
    cmake --build "$T/$name" >>"$T/$name.log" 2>&1
}

# run_probe PROGRAM: its exit status (a crash's too, without the shell's report of it).
run_probe() { bash -c '"$1" >/dev/null 2>&1; echo $?' _ "$1" 2>/dev/null; }

build alone -DCROWNS_UNITY=OFF
check "files compiled alone: it builds" test -x "$T/alone/odr_probe"
rc=$(run_probe "$T/alone/odr_probe")
check "files compiled alone: the Debug program goes wrong (exit $rc)" test "$rc" != 0

build one_batch -DCROWNS_UNITY=ON -DCROWNS_UNITY_BATCH=16
rc=$?
check "one unity batch: the build fails (exit $rc)" test "$rc" != 0
check "one unity batch: on the second definition" grep -q "redefinition of .*crowns::Probe" "$T/one_batch.log"

build two_batches -DCROWNS_UNITY=ON -DCROWNS_UNITY_BATCH=2
check "two unity batches: it builds" test -x "$T/two_batches/odr_probe"
rc=$(run_probe "$T/two_batches/odr_probe")
check "two unity batches: the Debug program goes wrong (exit $rc)" test "$rc" != 0
finish
