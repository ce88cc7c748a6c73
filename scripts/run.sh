#!/usr/bin/env bash
# Sets up (Debian packages, idempotent), builds crowns in Release, and runs it with the given
# arguments on the default database ($CROWNS_DB, else ~/.local/share/crowns/crowns.db).
#   bash scripts/run.sh play Ann Bob Cat
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"
cmake -S "$root" -B "$root/build/release" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCROWNS_BUILD_TESTS=OFF -DCROWNS_BUILD_BENCH=OFF >/dev/null
# The first build takes a few minutes: say so rather than sit silent.
[ -x "$root/build/release/crowns" ] || echo "run.sh: building crowns (Release, first time: a few minutes)" >&2
cmake --build "$root/build/release" --target crowns >/dev/null
[ $# -gt 0 ] || set -- --help
exec "$root/build/release/crowns" "$@"
