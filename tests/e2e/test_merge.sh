#!/usr/bin/env bash
# Games merge across devices (issue 17 item 15): a game keeps its id (uuid) through export and
# import, so importing a later export of it adds its new rounds instead of a second copy; an
# identical file is skipped, a conflicting game skipped and reported (or settled by --keep). Two databases
# stand for two devices: A ($CROWNS_DB) and B.
source "$(dirname "$0")/helpers/lib.sh"
T=$E2E_TMP
A=$CROWNS_DB B=$T/b.db
a() { "$CROWNS" --db "$A" "$@"; }
b() { "$CROWNS" --db "$B" "$@"; }
quiet() { "$@" >/dev/null; }
sha() { sha256sum <"$1"; }
uuid_re='^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$'
uuid_of() { sqlite3 "$1" "SELECT uuid FROM games WHERE id = $2"; }

# A starts a game and plays two rounds; B imports it and plays two more.
quiet a new --another Ann Bob Cy --add
quiet a round 0* 12 30
quiet a round 8 0* 15
id=$(uuid_of "$A" 1)
check "a new game gets a version 4 uuid" grep -qE "$uuid_re" <<<"$id"
check "show --json shows the uuid" grep -q "\"uuid\":\"$id\"" <(a show --json)
check "games --json shows the uuid" grep -q "\"uuid\":\"$id\"" <(a games --json)
quiet a export --out "$T/a.json"
check "the export carries the uuid" grep -q "{\"uuid\":\"$id\",\"date\"" "$T/a.json"
check "the export is version 3" grep -q '^{"format":"crowns-export","version":3,' "$T/a.json"
quiet b import "$T/a.json"
check "B's copy has A's uuid" test "$(uuid_of "$B" 1)" = "$id"
quiet b round 0* 7 9
quiet b round 14 22 0*
quiet b export --out "$T/b.json"

# Back on A: the game is updated, not duplicated; each new round is in the log and undoable.
out=$(a import "$T/b.json")
check "import updates the game ($out)" test "$out" = "Imported $T/b.json: added 0 players, 0 seasons and 0 games; updated 1 game; 3 players, 0 seasons and 0 games already there.
Updated game 1 (2026-01-15, Ann, Bob, Cy): rounds 3-4 added"
check "still one game" test "$(sqlite3 "$A" 'SELECT count(*) FROM games')" = 1
check "A now has B's rounds" cmp -s <(a export) <(b export)
check "the log names the import" grep -q "Round 4 entered: Ann 14, Bob 22, Cy 0\* (imported from $T/b.json)" <(a log)
check "undo takes the imported round 4 back" grep -q "^Removed round 4 of game 1" <(a undo)
out=$(a import "$T/b.json" --json)
check "importing again puts it back" grep -q '"updated":\[{"game":1,"uuid":"'"$id"'","rounds_added":1,' <<<"$out"

# The same file again: skipped, with a message saying so, and the database untouched.
before=$(sha "$A")
out=$(a import "$T/b.json")
check "identical import skipped ($out)" test "$out" = \
  "Nothing new in $T/b.json: 3 players, 0 seasons and 1 game already there, so it was skipped. Nothing was changed."
check "identical import changes nothing" test "$(sha "$A")" = "$before"
# An older export of the game: A is further along; kept as it is.
out=$(a import "$T/a.json")
check "older export kept ($out)" grep -q "^1 game is further along here than in the file; kept as it is.$" <<<"$out"
check "older export changes nothing" test "$(sha "$A")" = "$before"

# CSV carries the uuid too: B plays round 5, A merges it from CSV.
quiet b round 5 0* 11
quiet b export --out "$T/b.csv"
check "the CSV game row has the uuid" grep -q "^game,1,$id,2026-01-15," "$T/b.csv"
check "CSV import updates" grep -q "^Updated game 1 (2026-01-15, Ann, Bob, Cy): round 5 added$" <(a import "$T/b.csv")

# Both devices play round 6 differently (issue 27 item 5): the game is skipped and reported
# with its first difference and how to settle it; nothing changed.
quiet a round 0* 10 10
quiet b round 0* 10 20
quiet b export --out "$T/conflict.json"
before=$(sha "$A")
conflict="game 1 of the file is game 1 here (2026-01-15, Ann, Bob, Cy), but round 6 differs (file: Ann 0*, Bob 10, Cy 20; here: Ann 0*, Bob 10, Cy 10)"
out=$(a import "$T/conflict.json"); rc=$?
check "a conflict alone: exit 0 ($rc)" test "$rc" = 0
check "a conflict alone: nothing new" grep -q "^Nothing new in $T/conflict.json" <<<"$out"
check "the conflict named with its first difference" grep -qxF "Skipped: $conflict" <<<"$out"
check "how to settle it" grep -qxF "To settle it, import again with --keep here (the games here stay as they are) or --keep file (the file's version, each change logged: crowns undo takes it back)" <<<"$out"
check "conflict changes nothing" test "$(sha "$A")" = "$before"
# A conflict no longer stops the rest of the file: a new game in the same file comes across.
quiet b new --another Dan Eve --add --date 2026-01-14
quiet b export --out "$T/conflict2.json"
check "--dry-run says the same" grep -qxF "Would skip: ${conflict/game 1 of the file/game 2 of the file}" <(a import "$T/conflict2.json" --dry-run)
check "...and changes nothing" test "$(sha "$A")" = "$before"
# (The new game is dated earlier: it comes first in the file, so game 1 here is its game 2.)
conflict=${conflict/game 1 of the file/game 2 of the file}
out=$(a import "$T/conflict2.json")
check "the new game comes across" grep -q "added 2 players, 0 seasons and 1 game" <<<"$out"
check "...beside the conflict, skipped" grep -qxF "Skipped: $conflict" <<<"$out"
check "game 1 kept as it was here" test "$(sqlite3 "$A" 'SELECT points FROM scores WHERE game_id = 1 AND round = 6 AND seat = 2')" = 10
check "--json lists it" grep -qF '"conflicts":[{"game":2,"here":1,"difference":"round 6 differs' <(a import "$T/conflict2.json" --json)
before=$(sha "$A")
out=$(a import "$T/conflict2.json" --keep here)
check "--keep here says so" grep -qxF "Kept as it is here: $conflict" <<<"$out"
check "--keep here changes nothing" test "$(sha "$A")" = "$before"
out=$(a import "$T/conflict2.json" --keep file)
check "--keep file says so" grep -qxF "Took the file's version: $conflict" <<<"$out"
# (The times stay each side's: a round corrected keeps the time it was first recorded here.)
untimed() { sed -E 's/,"started_at":"[^"]*"(,"ended_at":"[^"]*")?,"recorded_at":\[[^]]*\]//'; }
check "--keep file: A is now B" cmp -s <(a export | untimed) <(b export | untimed)
check "--keep file: logged as an edit" grep -q "Round 6 edited: Cy 10 -> 20" <(a log)
check "--keep file: undone by undo" grep -q "^Undid the edit of round 6 of game 1" <(a undo)
check "...back as it was" test "$(sha "$A")" != "" -a "$(sqlite3 "$A" 'SELECT points FROM scores WHERE game_id = 1 AND round = 6 AND seat = 2')" = 10
bad=$(a import "$T/conflict2.json" --keep both 2>&1 >/dev/null); rc=$?
check "--keep both is a usage error ($rc)" test "$rc" = 2
check "...naming the choices ($bad)" grep -q "here" <<<"$bad"

# An abandon on one device reaches the other; a game deleted here comes back from a file.
# (Two more devices, C and D, so that game 1's conflict stays out of the way.)
C=$T/c.db D=$T/d.db
quiet "$CROWNS" --db "$C" new --another Ann Bob --add --date 2026-01-12
quiet "$CROWNS" --db "$C" round 0* 5
quiet "$CROWNS" --db "$C" export --out "$T/c.json"
quiet "$CROWNS" --db "$D" import "$T/c.json" --force
quiet "$CROWNS" --db "$D" abandon --yes
quiet "$CROWNS" --db "$D" export --out "$T/d.json"
check "an abandon merges" grep -q "^Updated game 1 (2026-01-12, Ann, Bob): abandoned$" \
  <("$CROWNS" --db "$C" import "$T/d.json")
check "the game is abandoned on C" grep -q '"status":"abandoned"' <("$CROWNS" --db "$C" show --json)
check "the abandon is undoable" grep -q "undid its abandon" <("$CROWNS" --db "$C" undo)
quiet "$CROWNS" --db "$C" delete 1 --yes
check "a deleted game comes back" grep -q "added 0 players, 0 seasons and 1 game" \
  <("$CROWNS" --db "$C" import "$T/d.json")
check "...with its uuid" test "$(uuid_of "$C" 2)" = "$(uuid_of "$D" 1)"

# Two games of one file with the same uuid: refused.
python3 - "$T/a.json" "$T/twice.json" <<'EOF'
import json, sys
data = json.load(open(sys.argv[1]))
data["games"].append(dict(data["games"][0], date="2026-01-11"))
json.dump(data, open(sys.argv[2], "w"))
EOF
err=$(a import "$T/twice.json" 2>&1 >/dev/null)
check "a uuid twice in a file is refused ($err)" test "$err" = "crowns: error: $T/twice.json: games[1].uuid: the game id $id is also games[0].uuid; each game appears once; nothing was imported"

# An export of version 1 (no uuid) still imports: as a new game, then matched by content.
v1='{"format":"crowns-export","version":1,"players":[{"name":"Ann"},{"name":"Bob"}],"seasons":[],
"games":[{"date":"2026-01-05","status":"active","boxes":1,"first_dealer":0,"seats":[{"player":"Ann"},{"player":"Bob"}],"rounds":[[{"points":0,"went_out":true},{"points":9}]]}]}'
check "a version 1 file imports" grep -q "added 0 players, 0 seasons and 1 game" <(a import - <<<"$v1")
check "its game gets a uuid" grep -qE "$uuid_re" <<<"$(sqlite3 "$A" "SELECT uuid FROM games WHERE played_on = '2026-01-05'")"
check "a version 1 file again is skipped" grep -q "^Nothing new in standard input" <(a import - <<<"$v1")
v1csv='crowns-export,1
player,Ann,0
player,Bob,0
game,1,2026-01-06,active,1,0,
seat,1,0,Ann,
seat,1,1,Bob,
'
check "a version 1 CSV imports" grep -q "added 0 players, 0 seasons and 1 game" <(a import - <<<"$v1csv")

# backup and restore keep the uuids.
uuids=$(sqlite3 "$A" 'SELECT id, uuid FROM games ORDER BY id')
quiet a backup "$T/snap.db"
check "the backup has the uuids" test "$(sqlite3 "$T/snap.db" 'SELECT id, uuid FROM games ORDER BY id')" = "$uuids"
quiet "$CROWNS" --db "$T/restored.db" restore "$T/snap.db" --yes
check "the restore has the uuids" test "$(sqlite3 "$T/restored.db" 'SELECT id, uuid FROM games ORDER BY id')" = "$uuids"
finish
