#!/usr/bin/env bash
# A random order's rounds on two hosts (issue 47 item 2): what a random game has dealt so far,
# and a seeded game's seed, travel with it through export, import and sync, so that every host
# shows the same revealed rounds and deals the same next round, whichever host records it. A
# standard game's file carries none of it (its text and digest as before house rules).
source "$(dirname "$0")/helpers/lib.sh"
T=$E2E_TMP
cd "$T" || exit 1
S=$T/shared
mkdir -p "$S"
export CROWNS_TIME=19:00:00
a() { "$CROWNS" --db "$T/a.db" "$@"; }
b() { "$CROWNS" --db "$T/b.db" "$@"; }
one() { "$CROWNS" --db "$T/one.db" "$@"; }
quiet() { "$@" >/dev/null; }
dealt() { sqlite3 "$T/$1.db" "SELECT dealt FROM games WHERE uuid = '$2'"; }

# A seeded random game on a, and the same game played on one host alone, for reference.
quiet a new Ann Bob Cy --add --order random --seed 7
quiet one new Ann Bob Cy --add --order random --seed 7
uuid=$(sqlite3 "$T/a.db" "SELECT uuid FROM games")
check "the seed is in a's file" grep -q '"deal_seed":7' <(a export)
check "with the rounds dealt so far" grep -qE '"dealt":\[[0-9]+\]' <(a export)
quiet a sync "$S"
quiet b sync "$S"
check "b holds the seed" test "$(sqlite3 "$T/b.db" "SELECT deal_seed FROM games")" = 7
# Rounds recorded on b and a in turn, each syncing after: both show the one host's rounds.
for r in 1 2 3 4 5 6 7; do
  if ((r % 2)); then h=b; else h=a; fi
  quiet $h round 0* $((r + 3)) $((r + 5))
  quiet one round 0* $((r + 3)) $((r + 5))
  quiet $h sync "$S"
  if ((r % 2)); then quiet a sync "$S"; else quiet b sync "$S"; fi
  check "round $r: a deals as one host does" test "$(dealt a "$uuid")" = "$(dealt one "$(sqlite3 "$T/one.db" 'SELECT uuid FROM games')")"
  check "round $r: b too" test "$(dealt b "$uuid")" = "$(dealt a "$uuid")"
done

check "seven rounds recorded on both" test "$(sqlite3 "$T/a.db" 'SELECT count(*) FROM rounds')" = 7 -a "$(sqlite3 "$T/b.db" 'SELECT count(*) FROM rounds')" = 7
check "eight rounds dealt, the seed's" test "$(dealt a "$uuid" | wc -w)" = 8

# An unseeded random game carried by export and import: the round a deals when it records
# round k is the one b shows after importing it, never one b draws itself.
quiet a new Dee Eve --add --order random --another
uuid2=$(sqlite3 "$T/a.db" "SELECT uuid FROM games WHERE uuid <> '$uuid'")
a export --out "$T/a.json" >/dev/null
quiet b import "$T/a.json"
same=0
for r in 1 2 3 4 5 6 7 8; do
  quiet a round 0* $((r + 3)) --game "${uuid2:0:8}"
  a export --out "$T/a.json" --force >/dev/null
  quiet b import "$T/a.json"
  [ "$(dealt a "$uuid2")" = "$(dealt b "$uuid2")" ] && same=$((same + 1))
done
check "import: b's deals are a's after every round" test "$same" = 8
check "nine rounds dealt on b" test "$(dealt b "$uuid2" | wc -w)" = 9
check "and no seed is written for a game without one" test "$(a export | grep -c deal_seed)" = 1

# A standard game: no rules, no dealt, no seed in the file.
"$CROWNS" --db "$T/s.db" new Ann Bob --add >/dev/null
check "a standard game's file has none of it" test "$("$CROWNS" --db "$T/s.db" export | grep -cE 'deal_seed|dealt|"rules"')" = 0
finish
