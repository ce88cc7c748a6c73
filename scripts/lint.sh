#!/usr/bin/env bash
# The tools that bite: clang-format must leave every C++ file as it is, and clang-tidy (the
# curated .clang-tidy) must find nothing. Exits non-zero on the first kind of finding.
#   bash scripts/lint.sh             every C++ file of the repository
#   bash scripts/lint.sh FILE...     only these files (e.g. those you changed)
#   bash scripts/lint.sh --format    clang-format only (quick)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
format_only=0
if [ "${1:-}" = "--format" ]; then
  format_only=1
  shift
fi
if (($#)); then
  files=("$@")
else
  mapfile -t files < <(git ls-files '*.cpp' '*.hpp')
fi
command -v clang-format >/dev/null || {
  echo "lint: clang-format is missing (apt-get install clang-format)" >&2
  exit 1
}
echo "lint: clang-format on ${#files[@]} files"
clang-format --dry-run --Werror "${files[@]}"
((format_only)) && exit 0

command -v clang-tidy >/dev/null || {
  echo "lint: clang-tidy is missing (apt-get install clang-tidy)" >&2
  exit 1
}
# clang-tidy reads the compile commands of a configured (not built) tree. The libraries and
# the tests compile in unity batches (CROWNS_UNITY), and clang-tidy reads a batch as one
# translation unit: CLI11, fmt, Catch2 and the standard library are parsed and
# matched once a batch rather than once a file (42 s for 16 files against 29 s for one), and
# every file of the batch is still checked (src/ and tests/ are in HeaderFilterRegex).
build="$root/build/lint"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DCROWNS_UNITY=ON \
  -DCROWNS_PCH=OFF -DCROWNS_BUILD_BENCH=ON >/dev/null
# The translation unit that compiles a file: its unity batch, or itself; none for a header
# (headers are checked through the units that include them).
unit_of() {
  local batch
  batch=$(grep -l -F "#include \"$root/$1\"" "$build"/CMakeFiles/*/Unity/unity_*.cxx \
    "$build"/*/CMakeFiles/*/Unity/unity_*.cxx 2>/dev/null | head -n 1 || true)
  if [ -n "$batch" ]; then
    echo "$batch"
  elif grep -q "\"file\": \"$root/$1\"" "$build/compile_commands.json"; then
    echo "$1"
  fi
}
mapfile -t units < <(for f in "${files[@]}"; do
  case "$f" in *.cpp) unit_of "$f" ;; esac
done | sort -u)
echo "lint: clang-tidy on ${#units[@]} translation units"
((${#units[@]})) || exit 0
# A unity batch is a .cxx file that includes .cpp files, which is the point of it.
printf '%s\n' "${units[@]}" |
  xargs -P "$(nproc)" -n 2 clang-tidy -p "$build" --quiet --warnings-as-errors='*' \
    --checks=-bugprone-suspicious-include 2> >(grep -v -E '^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$|^Suppressed [0-9]+ warnings|^Use -header-filter|^$' >&2)
# misc-unused-using-decls looks at the main file only, which for a unity batch is the batch
# file: so each file that has a using-declaration (the only place it can find one) is also
# read alone, with that check alone (the compile commands of a tree without unity batches).
mapfile -t using_files < <(for f in "${files[@]}"; do
  case "$f" in
    *.cpp)
      unit=$(unit_of "$f")
      [ -n "$unit" ] && [ "$unit" != "$f" ] && grep -qE '^\s*using (typename )?[A-Za-z_:]*::' "$f" && echo "$f"
      ;;
  esac
done)
echo "lint: misc-unused-using-decls on ${#using_files[@]} files read alone"
if ((${#using_files[@]})); then
  cmake -S . -B "$build-alone" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    -DCROWNS_UNITY=OFF -DCROWNS_PCH=OFF -DCROWNS_BUILD_BENCH=ON >/dev/null
  printf '%s\n' "${using_files[@]}" |
    xargs -P "$(nproc)" -n 4 clang-tidy -p "$build-alone" --quiet --warnings-as-errors='*' \
      --checks='-*,misc-unused-using-decls' 2> >(grep -v -E '^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$|^Suppressed [0-9]+ warnings|^Use -header-filter|^$' >&2)
fi
echo "lint: clean"
