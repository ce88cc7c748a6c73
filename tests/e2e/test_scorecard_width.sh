#!/usr/bin/env bash
# The scorecard of 7 players with long names fits an 80-column terminal, with symbols too.
source "$(dirname "$0")/helpers/lib.sh"

"$CROWNS" new --another --add Alexandria Bartholomew Christopher Dominique Evangeline Fitzgerald Gwendolyn >/dev/null
for r in 1 2 3 4 5 6 7 8 9 10 11; do
  "$CROWNS" round --round "$r" 0* 150 45 60 30 120 99 --force >/dev/null || echo "round $r failed"
done
widest=$("$CROWNS" show | while IFS= read -r line; do printf '%s\n' "$line" | wc -m; done | sort -n | tail -1)
# wc -m counts the newline too.
check "7-player scorecard fits 80 columns (widest $((widest - 1)))" test "$widest" -le 81
lines=$("$CROWNS" show | wc -l)
check "one line per round plus header, totals, behind, legend, result, time, key" test "$lines" -eq 19
check "winner line" test "$("$CROWNS" show | tail -3 | head -1)" = "Winner: Alexandria with 0"
check "then the game's time" test "$("$CROWNS" show | tail -2 | head -1)" = "Time: 0 s (2026-01-15 12:00 to 12:00 UTC)"
check "then its key" grep -qxE "Key: [0-9a-f]{8}" <("$CROWNS" show | tail -1)
finish
