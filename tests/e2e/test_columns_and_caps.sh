#!/usr/bin/env bash
# Issue 17 item 14: the compact scorecard's round numbers sit over the digits of their column;
# combining marks (a Thai name, a decomposed é) take no column; a refused first command
# leaves no empty database behind; a record shared by many is one capped line.
source "$(dirname "$0")/helpers/lib.sh"
cd "$E2E_TMP" || exit 1
set -f  # 0* is a value, not a file pattern
unset COLUMNS

# columns FILE: for each line, the display columns (combining marks 0, wide 2) at which its
# runs of digits end, after the first WIDTH columns (the name field); one line per line.
columns() {
  python3 - "$1" "$2" <<'EOF'
import sys, unicodedata
def width(ch):
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
skip = int(sys.argv[2])
for line in open(sys.argv[1], encoding="utf-8"):
    col, ends, prev = 0, [], False
    for ch in line.rstrip("\n"):
        col += width(ch)
        digit = ch.isdigit() and col > skip
        if prev and not digit:
            ends.append(col - 1)
        prev = digit
    if prev:
        ends.append(col)
    print(" ".join(map(str, ends)))
EOF
}

thai=$'\u0e2a\u0e21\u0e28\u0e23\u0e35'     # สมศรี: 4 columns, the last a vowel sign above
nfd=$'Rene\u0301e'                          # Renée with a combining acute: 5 columns
"$CROWNS" new --another --add "$thai" "$nfd" Ann >/dev/null
for r in 1 2 3 4 5 6 7 8 9 10 11; do "$CROWNS" round --round $r 0* 12 3 >/dev/null; done
"$CROWNS" show --compact >compact.txt
# The name field is 6 columns ("Player"): every name here is narrower.
columns compact.txt 6 >ends.txt
header=$(sed -n 2p ends.txt | cut -d' ' -f1-11)
for row in 3 4 5; do
  got=$(sed -n ${row}p ends.txt | cut -d' ' -f1-11)
  check "compact: round numbers end where row $row's values end ($header vs $got)" [ "$header" = "$got" ]
done
"$CROWNS" show --wide >wide.txt
widths=$(sed -n '2,/^Behind/p' wide.txt | while IFS= read -r l; do printf '%s\n' "$l" | LC_ALL=C.UTF-8 wc -L; done | sort -u | tr '\n' ' ')
check "wide: header, rows and totals end in one column (widths: $widths)" [ "$(echo $widths | wc -w)" = 1 ]

# A refused first command leaves no database (nor -wal/-shm) behind.
"$CROWNS" --db new.db new --another Ann Bob 2>err.txt
check "a refused first command fails" [ $? != 0 ]
check "and says why" grep -q "unknown player" err.txt
check "and leaves no new.db" [ ! -e new.db ]
check "nor its -wal or -shm" bash -c '! ls new.db-* 2>/dev/null | grep -q .'
"$CROWNS" --db kept.db player add Zed >/dev/null
"$CROWNS" --db kept.db new --another Ann Bob 2>/dev/null
check "a database that holds something is kept when a later command fails" [ -s kept.db ]

# 26 holders of one record: 13 players of each of two 14-player games score the highest round.
# The P game starts first (the test clock), so its players are named first.
for g in P Q; do
  [ "$g" = Q ] && export CROWNS_TIME=13:00:00
  names=()
  for i in $(seq -w 1 14); do names+=("$g$i"); done
  "$CROWNS" --db rec.db new --another --add --boxes 2 "${names[@]}" >/dev/null
  "$CROWNS" --db rec.db round 0* 70 70 70 70 70 70 70 70 70 70 70 70 70 >/dev/null
  for r in 2 3 4 5 6 7 8 9 10 11; do
    "$CROWNS" --db rec.db round --round "$r" 0* 3 3 3 3 3 3 3 3 3 3 3 3 3 >/dev/null
  done
done
unset CROWNS_TIME
"$CROWNS" --db rec.db records --all >records.txt
check "a record of 26 holders is one line" grep -qE 'P02, P03 and 24 more' records.txt
check "the capped record is one line: no holder line follows it" \
  bash -c '! grep -A1 "and 24 more" "$0" | tail -1 | grep -qE "^ +P[0-9]+"' records.txt
check "--json keeps all 26" \
  [ "$("$CROWNS" --db rec.db records --all --json | grep -o '"holders":\[[^]]*\]' | sort | tail -1 | grep -o '"player"' | wc -l)" -ge 26 ]
finish
