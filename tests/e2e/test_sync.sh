#!/usr/bin/env bash
# crowns sync FOLDER (issue 39): each database writes its own file into a shared folder and
# merges the others' by game id as import merges; files are written whole; a damaged file is
# skipped with a warning; syncing twice changes nothing; three databases syncing in any order
# end with the same games; a deletion travels; a conflict is kept here until --keep decides.
source "$(dirname "$0")/helpers/lib.sh"
T=$E2E_TMP
S=$T/shared
mkdir -p "$S"
a() { "$CROWNS" --db "$T/a.db" "$@"; }
b() { "$CROWNS" --db "$T/b.db" "$@"; }
c() { "$CROWNS" --db "$T/c.db" "$@"; }
quiet() { "$@" >/dev/null; }
# The games of a database, without its own ids and times: what every database must agree on.
games_of() { "$CROWNS" --db "$1" export | sed -E 's/,"started_at":"[^"]*"(,"ended_at":"[^"]*")?,"recorded_at":\[[^]]*\]//' | grep '^{"uuid"' | sed -E 's/(,|\]\})$//' | sort; }

quiet a new --another Ann Bob --add
quiet a round 0* 12
quiet b new --another Cy Dee --add
quiet b round 7 0*
quiet c new --another Ann Cy --add
quiet c round 0* 9

out=$(a sync "$S")
check "the first sync writes its own file" grep -qE '^Wrote crowns-[0-9a-f]{16}\.json$' <<<"$out"
check "and says no other file is there yet" grep -q "^No other database's file in" <<<"$out"
check "the file is a crowns-sync file" grep -q '^{"format":"crowns-sync","version":1,"database":"[0-9a-f]\{16\}","deleted":\[\],$' "$S"/crowns-*.json
check "no temporary file is left" bash -c "! ls -A '$S' | grep -q tmp"
quiet b sync "$S"
out=$(c sync "$S")
check "c takes a's and b's games" test "$(sqlite3 "$T/c.db" 'SELECT count(*) FROM games')" = 3
quiet a sync "$S"
quiet b sync "$S"
check "a and b end with the same games" cmp -s <(games_of "$T/a.db") <(games_of "$T/b.db")
check "a and c end with the same games" cmp -s <(games_of "$T/a.db") <(games_of "$T/c.db")
check "three games each" test "$(games_of "$T/c.db" | wc -l)" = 3

before=$(sha256sum <"$T/a.db")
out=$(a sync "$S")
check "syncing again changes nothing" test "$(sha256sum <"$T/a.db")" = "$before"
check "and says so" grep -q '^Unchanged: crowns-' <<<"$out"

# A round played on b reaches a and c, by game id.
quiet b round --game 1 10 0*
quiet b sync "$S"
out=$(a sync "$S")
check "a takes b's new round" grep -qE '^crowns-[0-9a-f]{16}\.json: updated 1 game$' <<<"$out"
quiet c sync "$S"
check "c has it too" grep -q '"rounds":\[\[{"points":7},{"points":0,"went_out":true}\],\[{"points":10},{"points":0,"went_out":true}\]\]' <(c export)

# A damaged or half-delivered file is skipped with a warning; the rest still syncs.
printf '{"format":"crowns-sync","version":1,"database":"ffffffffffffffff","del' >"$S/crowns-ffffffffffffffff.json"
a sync "$S" >out 2>err
check "a damaged file: exit 1" [ $? = 1 ]
check "a damaged file: a warning naming it" grep -q '^crowns: warning: skipped crowns-ffffffffffffffff.json: not valid JSON' err
check "the others still sync" grep -q '^Unchanged: crowns-' out
rm "$S/crowns-ffffffffffffffff.json"

# A game changed on two databases: kept here and reported, until --keep decides.
# (A new game of a's reaches c, not b; each database numbers the games it took in the order
# it met them, so the game is found by its players.)
quiet a new --another Eve Fay --add
quiet a round --game "$(sqlite3 "$T/a.db" "SELECT max(id) FROM games")" 20 0*
quiet a sync "$S"
quiet c sync "$S"
eve() { sqlite3 "$1" "SELECT game_id FROM seats JOIN players p ON p.id = player_id WHERE p.name = 'Eve'"; }
quiet a edit 1 Eve=30 --game "$(eve "$T/a.db")"
quiet c edit 1 Eve=40 --game "$(eve "$T/c.db")"
quiet a sync "$S"
out=$(c sync "$S")
check "a conflict is reported with its first difference" grep -q "Conflict: .*round 1 differs (file: Eve 30, Fay 0\*; here: Eve 40, Fay 0\*); kept as it is here until sync --keep here or --keep file decides" <<<"$out"
check "and kept as it is here" grep -q '{"points":40}' <(c export)
out=$(c sync "$S" --keep file)
check "--keep file takes the file's" grep -q "took the file's version" <<<"$out"
check "now 30 here too" grep -q '{"points":30}' <(c export)

# A deletion travels, and an old file does not bring the game back.
uuid=$(sqlite3 "$T/a.db" "SELECT uuid FROM games WHERE id = 1")
quiet a delete 1 --yes
quiet a sync "$S"
check "a's file names the deleted game" test "$(grep -l "\"deleted\":\[\"$uuid\"\]" "$S"/*.json | wc -l)" = 1
out=$(b sync "$S")
check "b deletes it too, saying so" grep -qE "^  Deleted game [23] \(2026-01-15, Ann, Bob\): deleted in the database that wrote crowns-" <<<"$out"
check "b no longer has it" test "$(sqlite3 "$T/b.db" "SELECT count(*) FROM games WHERE uuid = '$uuid'")" = 0
quiet a sync "$S"
check "a does not take it back from c's older file" test "$(sqlite3 "$T/a.db" "SELECT count(*) FROM games WHERE uuid = '$uuid'")" = 0
quiet c sync "$S"
quiet a sync "$S"
quiet b sync "$S"
check "all three agree again" cmp -s <(games_of "$T/a.db") <(games_of "$T/c.db")
check "all three agree again (b)" cmp -s <(games_of "$T/b.db") <(games_of "$T/c.db")

a sync "$T/nowhere" 2>err >/dev/null
check "a missing folder: usage error" [ $? = 2 ]
check "naming it" grep -q "^crowns: error: sync: '.*nowhere' is not a folder" err
check "--json" grep -q '^{"folder":".*","file":"crowns-[0-9a-f]*.json","written":false,"files":\[{"file":' <(a sync "$S" --json)
finish
