#!/usr/bin/env bash
# CPU time (perf stat task-clock) of `crowns sync` over a 10,000-game folder, three runs
# (docs/PERFORMANCE.md, "Sync"):
#   bash bench/sync_10k.sh build/ci/crowns /tmp/sync-bench
# a imports the games and writes its file; b, empty, takes all of them; b syncs again with
# nothing new. Needs perf (Debian's linux-perf); without it, use /usr/bin/time.
set -u
C=$(realpath "$1"); W=$2
export CROWNS_TODAY=2026-01-15 TZ=UTC
rm -rf "$W"; mkdir -p "$W"
bash "$(dirname "$0")/../tests/e2e/helpers/gen_games.sh" "$C" "$W/games.json" 10000 "$W/gen.db"
st() {
  perf stat -x, -e task-clock -o "$W/stat" "$@" >/dev/null 2>&1
  awk -F, '/task-clock/{printf "%.0f ms", $1}' "$W/stat"
}
for run in 1 2 3; do
  rm -rf "$W/F" "$W"/a.db* "$W"/b.db*; mkdir -p "$W/F"
  "$C" --db "$W/a.db" import "$W/games.json" >/dev/null
  w=$(st "$C" --db "$W/a.db" sync "$W/F")
  r=$(st "$C" --db "$W/b.db" sync "$W/F")
  s=$(st "$C" --db "$W/b.db" sync "$W/F")
  echo "run $run | a writes its file: $w | b takes 10,000 games: $r | b again, nothing new: $s"
done
ls -l "$W/F" | tail -1
