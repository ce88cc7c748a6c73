#!/usr/bin/env bash
# Sets up (Debian packages, idempotent), builds crowns in Release, and runs it with the given
# arguments on the default database ($CROWNS_DB, else ~/.local/share/crowns/crowns.db).
#   bash scripts/run.sh play Ann Bob Cat
# The build is the one scripts/test.sh uses (build/ci, the `ci` preset): the tests then build
# only what crowns itself does not. ccache, when installed, makes rebuilds quicker still.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"
cd "$root"
cmake --preset ci >/dev/null
# The first build takes a few minutes: say so rather than sit silent.
[ -x "$root/build/ci/crowns" ] || echo "run.sh: building crowns (Release, first time: about two minutes)" >&2
log=$root/build/ci/run-build.log
if ! cmake --build "$root/build/ci" --target crowns crowns-serve >"$log" 2>&1; then
  cat "$log" >&2
  echo "run.sh: the build failed (log above, also in $log)" >&2
  exit 1
fi
[ $# -gt 0 ] || set -- --help
exec "$root/build/ci/crowns" "$@"
