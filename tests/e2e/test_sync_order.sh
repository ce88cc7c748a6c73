#!/usr/bin/env bash
# One history, one set of numbers (issue 44): two databases holding the same games under
# different local numbers print the same leaderboard, ratings, records, tonight, stats, head
# to head and report, since every order over games is date, start, then uuid; a game's key
# (the start of its uuid) is the same on both and names it to --game. Then the conflicts a
# sync kept: listed with sync --conflicts, one taken later with sync --take (logged,
# undoable), --json.
source "$(dirname "$0")/helpers/lib.sh"
T=$E2E_TMP
cd "$T" || exit 1
S=$T/shared
mkdir -p "$S"
a() { "$CROWNS" --db "$T/a.db" "$@"; }
b() { "$CROWNS" --db "$T/b.db" "$@"; }
quiet() { "$@" >/dev/null; }
# play DB TIME SCORES...: a new game of Ann, Bob and Cy at TIME (the test clock), 11 rounds.
play() {
  local db=$1 time=$2
  shift 2
  CROWNS_TIME=$time quiet "$db" new Ann Bob Cy --add
  local game
  game=$(sqlite3 "$T/$db.db" "SELECT max(id) FROM games")
  for ((r = 1; r <= 11; r++)); do CROWNS_TIME=$time quiet "$db" round --game "$game" --round $r "$@"; done
}
# What must agree, local game numbers taken out (JSON "game": N, and "game N" in text).
numbers() {
  "$1" leaderboard --json
  "$1" records --json | sed -E 's/"game":[0-9]+/"game":_/g'
  "$1" tonight --json | sed -E 's/"game":[0-9]+/"game":_/g'
  "$1" leaderboard
  "$1" records | sed -E 's/ [0-9]+ +2026-/ _ 2026-/'
  "$1" tonight | sed -E 's/game [0-9]+/game _/g; s/^ *[0-9]+ /_ /'
  # Stats, head to head and the report too (the report's links and headings name local games).
  for p in Ann Bob Cy; do "$1" stats "$p" --all --json | sed -E 's/"game":[0-9]+/"game":_/g'; done
  "$1" h2h Ann Bob --all --json | sed -E 's/"game":[0-9]+/"game":_/g'
  "$1" report --all --html - | sed -E 's/[Gg]ame [0-9]+/game _/g; s/game-[0-9]+/game-_/g;
    s|#game-_">[0-9]+</a>|#game-_">_</a>|g'
}

# a plays two games in the evening, b one between them: each numbers its own first.
play a 19:00:00 0* 5 9
play b 19:40:00 7 0* 3
play a 20:20:00 4 8 0*
quiet a sync "$S"
quiet b sync "$S"
quiet a sync "$S"
check "a holds three games" test "$(sqlite3 "$T/a.db" 'SELECT count(*) FROM games')" = 3
check "b holds three games" test "$(sqlite3 "$T/b.db" 'SELECT count(*) FROM games')" = 3
check "numbered differently" test "$(sqlite3 "$T/a.db" 'SELECT uuid FROM games ORDER BY id')" != \
  "$(sqlite3 "$T/b.db" 'SELECT uuid FROM games ORDER BY id')"
numbers a >a.numbers
numbers b >b.numbers
check "the same leaderboard, ratings, records, tonight, stats, h2h and report on both" cmp -s a.numbers b.numbers
check "with ratings" grep -q '"rating"' a.numbers

# Games that start in the same second (a fixed clock) are ordered by uuid: the same again.
play a 21:00:00 0* 3 4
play b 21:00:00 4 3 0*
quiet a sync "$S"
quiet b sync "$S"
quiet a sync "$S"
numbers a >a.numbers
numbers b >b.numbers
check "games of one second: the same numbers on both" cmp -s a.numbers b.numbers

# The key: the same on both hosts, shown by games and show, taken by --game.
key=$(sqlite3 "$T/a.db" "SELECT substr(uuid, 1, 8) FROM games WHERE id = 2")
check "games shows the key" grep -qE "^ +2 +$key +2026-01-15 " <(a games)
check "games --json gives it" grep -q "\"key\":\"$key\"" <(a games --json)
check "show shows it" grep -qx "Key: $key" <(a show --game 2)
b_id=$(sqlite3 "$T/b.db" "SELECT id FROM games WHERE uuid LIKE '$key%'")
check "b knows the game by its key" grep -qx "Key: $key" <(b show --game "$key")
check "under its own number" grep -q "^Game $b_id " <(b show --game "$key")
check "upper case and a longer key too" grep -qx "Key: $key" <(b show --game "$(sqlite3 "$T/b.db" "SELECT upper(substr(uuid, 1, 13)) FROM games WHERE id = $b_id")")
check "a number still names the local game" grep -q "^Game 2 " <(a show --game 2)
check "the report shows the key" grep -q "key $key" <(a report --game "$key" --html -)
a show --game abcd9 >out 2>err
check "a key no game has: exit 1" [ $? = 1 ]
check "naming it" grep -qx "crowns: error: no game here has the key 'abcd9' (crowns games lists them)" err
a show --game xyz >out 2>err
check "not a number nor a key: usage error" [ $? = 2 ]
check "saying what to give" grep -q "'xyz' is neither a game number nor a game key" err
# An ambiguous start: two games made to share their first four digits.
sqlite3 "$T/a.db" "UPDATE games SET uuid = 'beef' || substr(uuid, 5) WHERE id IN (1, 3)" || echo "UPDATE failed"
a show --game beef >out 2>err
check "an ambiguous key: exit 1" [ $? = 1 ]
check "naming the candidates" grep -qE "^crowns: error: the key 'beef' fits several games: game 1 \(beef[0-9a-f]{4}\) and game 3 \(beef[0-9a-f]{4}\); give more of the key$" err
check "a longer key decides" grep -q "^Game 3 " <(a show --game "$(sqlite3 "$T/a.db" "SELECT substr(uuid, 1, 8) FROM games WHERE id = 3")")

# A conflict kept, listed, and taken later.
quiet a edit 1 Ann=30 --game 2
quiet b edit 1 Ann=40 --game "$key"
quiet a sync "$S"
b sync "$S" >out 2>err
check "a conflict: exit 3" [ $? = 3 ]
b sync --conflicts >out 2>err
check "--conflicts while one waits: exit 3" [ $? = 3 ]
check "--conflicts lists the kept version" grep -qE "^  1: game $b_id here \(2026-01-15, Ann, Bob, Cy\), from crowns-[0-9a-f]{16}\.json, made by database [0-9a-f]{16} at 2026-01-15 12:00:00 UTC: round 1 differs \(file: Ann 30, " out
check "and how to take it" grep -q "^Take one with: crowns sync --take ID" out
check "--conflicts --json" grep -qE "^\{\"conflicts\":\[\{\"id\":1,\"uuid\":\"$key[0-9a-f-]{28}\",\"key\":\"$key\",\"game\":$b_id,.*\"at\":\"2026-01-15T12:00:00Z\"" <(b sync --conflicts --json)
before=$(sha256sum <"$T/b.db")
b sync --take 7 >out 2>err
check "--take a version not kept: exit 1" [ $? = 1 ]
check "naming the kept ones" grep -qx "crowns: error: there is no kept version 7 (kept: 1) (crowns sync --conflicts lists them)" err
check "the database unchanged" test "$(sha256sum <"$T/b.db")" = "$before"
b sync "$S" --take 1 >out 2>err
check "--take with a folder: usage error" [ $? = 2 ]
b sync --take 1 --json >out 2>err
check "--take: exit 0" [ $? = 0 ]
check "--take --json: what was logged and taken" grep -qE "^\{\"logged\":\[\{\"id\":[0-9]+,.*\"action\":\"sync\",.*\],\"taken\":\{\"id\":1," out
check "b holds the taken version" grep -q '{"points":30}' <(b export)
check "nothing waits now" grep -qx "No conflict is waiting: every version a sync met is decided" <(b sync --conflicts)
check "the log says so" grep -q "took kept version 1 (crowns-" <(b log --game "$key")
quiet b undo
check "undo puts b's version back" grep -q '{"points":40}' <(b export)
quiet b sync "$S"
quiet a sync "$S"
check "the choice reaches a with a plain sync" test "$(a export | grep -c '"points":40')" = "$(b export | grep -c '"points":40')"
a sync "$S" >/dev/null 2>&1
check "a: nothing left undecided" [ $? = 0 ]
finish
