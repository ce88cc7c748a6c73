#!/usr/bin/env bash
# Nothing stored reaches the terminal raw. crowns never stores a control character, escape
# sequence, bidi override or invalid UTF-8 (hostile_input.test), so this script writes them
# straight into the database with sqlite3, as an old version or another tool might have, and
# then runs every command that prints stored text: tables, charts, log, games, stats,
# leaderboard, h2h, records, JSON, export to stdout, "did you mean" hints and errors. No
# output may hold a C0/C1 control byte (other than newline), DEL, a bidi or zero-width
# character, or invalid UTF-8. Also: a hostile analyze --batch id is escaped in the JSON.
source "$(dirname "$0")/helpers/lib.sh"
command -v sqlite3 >/dev/null || { echo "test_hostile_output.sh: sqlite3 not installed, skipped"; exit 0; }
T=$E2E_TMP

"$CROWNS" season add Winter --from 2026-01-01 >/dev/null
"$CROWNS" new --another Ann Bob Cat --add --date 2026-01-10 --note "kitchen" >/dev/null
for r in $(seq 1 11); do "$CROWNS" round --round "$r" 0* 'Ks Qh' 12 >/dev/null; done
"$CROWNS" new --another Bob Cat --date 2026-01-12 >/dev/null
"$CROWNS" round 5 0* >/dev/null

# Hostile bytes: CSI colour and clear screen, OSC title ending in BEL, C1 CSI (U+009B), RLO
# (U+202E), a zero-width space, DEL, a tab, invalid UTF-8 (\xff, a cut-short sequence).
sqlite3 "$CROWNS_DB" <<'SQL'
UPDATE players SET name = 'A' || char(27) || '[31mnn' || char(27) || ']0;pwned' || char(7) WHERE name = 'Ann';
UPDATE players SET name = char(8238) || 'boB' || char(155) || '2J' WHERE name = 'Bob';
UPDATE players SET name = 'Ca' || char(8203) || 't' || char(127) || char(9) || CAST(X'FFC3' AS TEXT) WHERE name = 'Cat';
UPDATE seasons SET name = 'Win' || char(27) || '[2Jter';
UPDATE games SET note = 'kit' || char(27) || '[5mchen' || char(13) || char(8238);
UPDATE scores SET hand = 'Ks ' || char(27) || '[1mQh' WHERE hand IS NOT NULL AND round = 11;
UPDATE audit SET summary = summary || char(27) || '[41m' || char(8238);
SQL

ann=$(printf 'A\e[31mnn\e]0;pwned\a')
bob=$(printf '\u202eboB\xc2\x9b2J')

# unsafe FILE: true if the file holds a byte sequence a terminal would act on.
unsafe() {
  LC_ALL=C grep -qaP '[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\x8b-\x8f\xa8-\xae]|\xe2\x81[\xa6-\xa9]|\xef\xbb\xbf' "$1" && return 0
  # Invalid UTF-8 (iconv refuses it).
  ! iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1
}
n=0
run() {
  n=$((n + 1))
  "$CROWNS" "$@" >"$T/out.$n" 2>"$T/err.$n"
  set -- "$(printf "%q " "$@")"
  check "stdout of crowns $* is escaped" eval '! unsafe "$T/out.$n"'
  check "stderr of crowns $* is escaped" eval '! unsafe "$T/err.$n"'
  check "crowns $* printed something" test -s "$T/out.$n" -o -s "$T/err.$n"
}

run games
run games --json
run show --game 1
run show --game 1 --json
run show --game 2
run log --all
run log --all --json
run player list
run player list --json
run season list
run season list --json
run leaderboard --all
run leaderboard --all --json
run leaderboard --all --csv
run leaderboard --season "$(printf 'Win\e[2Jter')"
run stats "$ann"
run stats "$ann" --json
run h2h "$ann" "$bob"
run h2h "$ann" "$bob" --json
run records --all
run records --all --json
run chart --game 1
run chart --game 1 --json
run chart --rating --all
run export
run export --format csv
# Hints and errors that name stored players: a typo, a missing value, a name given twice.
run round --game 2 Bo=5 0*
run round --game 2 5
run stats Cta
run new "$ann" "$ann"
run player retire "$bob"
run games

# analyze --batch echoes the id: C1 CSI, RLO and ESC come back as \u escapes.
printf '%s\n' '{"id":"\u009b2J\u202e\u001b[31m","cards":"7h 8h 9h"}' '{"id":"\u009b","cards":"Zz"}' |
  "$CROWNS" analyze --batch >"$T/batch" 2>&1
check "analyze --batch escapes the id" eval '! unsafe "$T/batch"'
check "analyze --batch id is \\u escaped" grep -qF '"id":"\u009b2J\u202e\u001b[31m"' "$T/batch"
finish
