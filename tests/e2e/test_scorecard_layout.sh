#!/usr/bin/env bash
# A scorecard for 8-14 players: wider than the terminal, `show` switches to players as rows
# (fits 80 columns for 14 players); --wide and --compact force a layout; $COLUMNS is the
# terminal's width; a two-box game says so in its header.
source "$(dirname "$0")/helpers/lib.sh"
cd "$E2E_TMP" || exit 1
set -f  # 0* is a value, not a file pattern
unset COLUMNS

widest() { awk '{ if (length($0) > m) m = length($0) } END { print m }'; }

names=()
for i in $(seq 1 14); do names+=("Longername$i"); done
"$CROWNS" new --another "${names[@]}" --boxes 2 --add >/dev/null
for r in $(seq 1 11); do
  "$CROWNS" round --round "$r" --force 0* 10 20 30 40 50 60 70 80 90 11 12 13 14 >/dev/null || echo "round failed"
done
LC_ALL=C.UTF-8 "$CROWNS" show >card.txt
w=$(LC_ALL=C.UTF-8 widest <card.txt)
check "14 players fit 80 columns (widest $w)" [ "$w" -le 80 ]
check "players as rows: a line per player" [ "$(grep -c '^Longername' card.txt)" = 14 ]
check "the header says two boxes" grep -q "two boxes" <(head -1 card.txt)
check "a column per round" grep -qE '^Player +1 +2 +3 .* 11 +Total Behind$' card.txt
check "who went out is marked" grep -qE '^Longername1 +0\* +0\*' card.txt
check "totals and behind" grep -qE '^Longername2 .* 110 +\+110$' card.txt
check "the result follows" grep -q "^Winner: Longername1 with 0" card.txt

LC_ALL=C.UTF-8 "$CROWNS" show --wide >wide.txt
w=$(LC_ALL=C.UTF-8 widest <wide.txt)
check "--wide keeps a column per player (widest $w)" [ "$w" -gt 80 ]
COLUMNS=250 "$CROWNS" show >cols.txt
check "a wide enough terminal gets the wide card" cmp -s wide.txt cols.txt

"$CROWNS" new --another Ann Bob Cat --add >/dev/null
"$CROWNS" round 0* 10 20 >/dev/null
"$CROWNS" show --compact >small.txt
check "--compact for a small game too" grep -qE '^Ann +0\*' small.txt
"$CROWNS" show >small-auto.txt
check "a small game stays wide by default" grep -q '^Rd Cd Wild' small-auto.txt
check "a one-box game says nothing of boxes" bash -c '! grep -q "two boxes" "$0"' small-auto.txt
"$CROWNS" show --wide --compact 2>err
check "--wide with --compact is a usage error" [ $? = 2 ]
finish
