#!/usr/bin/env bash
# crowns sync FOLDER (issues 39 and 44): each database writes its own file into a shared folder
# and merges the others' by game id and by what each version has seen; files are written whole;
# a damaged file is skipped with a warning; syncing twice changes nothing; three databases
# syncing in any order end with the same games; a deletion travels; a correction made on one
# host travels without a question; a conflict is kept here (exit 3) until --keep decides.
source "$(dirname "$0")/helpers/lib.sh"
T=$E2E_TMP
cd "$T" || exit 1  # its out and err files
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
check "the file is a crowns-sync file" grep -q '^{"format":"crowns-sync","version":2,"database":"[0-9a-f]\{16\}",$' "$S"/crowns-*.json
check "with what each game has seen" grep -qE '^"[0-9a-f-]{36}":\{"seen":"[0-9a-f ]+","by":"[0-9a-f]{16}","at":"2026-01-15 12:00:00"\}' "$S"/crowns-*.json
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
c sync "$S" >out 2>err
check "a conflict: exit 3" [ $? = 3 ]
check "a conflict is reported with its first difference" grep -q "^  Conflict: game [0-9] here (2026-01-15, Eve, Fay): round 1 differs (file: Eve 30, Fay 0\*; here: Eve 40, Fay 0\*)$" out
check "naming the database that made each version, and when" grep -qE "^    the file's version: changed last by database [0-9a-f]{16} at 2026-01-15 12:00:00 UTC; here: by this database \([0-9a-f]{16}\) at 2026-01-15 12:00:00 UTC$" out
check "kept here, the other kept too" grep -q "^    kept as it is here for now; the file's version is kept too$" out
check "and how to choose" grep -qE "^crowns: 1 conflict left undecided \(each game kept as it is here, the other version kept too\); choose with crowns sync .*shared --keep here \(keep the versions here\), --keep file \(take the files'\), --keep crowns-[0-9a-f]{16}.json$" err
check "and kept as it is here" grep -q '{"points":40}' <(c export)
check "the other version is stored" test "$(sqlite3 "$T/c.db" 'SELECT count(*) FROM sync_versions')" = 1
out=$(c sync "$S" --keep file)
check "--keep file takes the file's" grep -q "^    took the file's version$" <<<"$out"
check "now 30 here too" grep -q '{"points":30}' <(c export)
check "the stored version is dropped once decided" test "$(sqlite3 "$T/c.db" 'SELECT count(*) FROM sync_versions')" = 0
out=$(a sync "$S")
check "a meets c's decision as a version that includes its own: no question" bash -c "! grep -q Conflict <<<'$out'"

# A correction made on one host alone travels to every host, exit 0 (issue 44).
quiet b sync "$S"
quiet a edit 1 Eve=33 --game "$(eve "$T/a.db")"
a sync "$S" >out 2>err
check "the host that corrected: exit 0" [ $? = 0 ]
check "and no conflict" bash -c "! grep -q Conflict out"
c sync "$S" >out 2>err
check "the other host: exit 0" [ $? = 0 ]
check "takes it forward, saying what changed" grep -q "^  Brought game [0-9] here (2026-01-15, Eve, Fay) to its version: round 1: Eve 30 -> 33$" out
check "now 33 on c" grep -q '{"points":33}' <(c export)
check "logged as a sync" grep -q "brought to crowns-[0-9a-f]*.json's version: round 1: Eve 30 -> 33" <(c log)
out=$(a sync "$S" --keep file)
check "--keep file on the correcting host takes nothing older" grep -q '{"points":33}' <(a export)

# A deletion travels, and an old file does not bring the game back.
uuid=$(sqlite3 "$T/a.db" "SELECT uuid FROM games WHERE id = 1")
quiet a delete 1 --yes
quiet a sync "$S"
check "a's file names the deleted game" test "$(grep -l "\"deleted\":{\"$uuid\":{\"seen\":" "$S"/*.json | wc -l)" = 1
out=$(b sync "$S")
check "b deletes it too, saying so" grep -qE "^  Deleted game [23] \(2026-01-15, Ann, Bob\): deleted in the database that wrote it$" <<<"$out"
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
check "--json" grep -q '^{"folder":".*","file":"crowns-[0-9a-f]*.json","written":false,"copy":null,"files":\[{"file":' <(a sync "$S" --json)
# A bad --keep is refused before anything is read or written.
before=$(sha256sum <"$T/a.db")
a sync "$S" --keep there >/dev/null 2>err
check "--keep there: usage error" [ $? = 2 ]
check "naming it" grep -qx "crowns: error: sync: --keep 'there' is not here, file or a file of the folder (crowns-<16 hex digits>.json)" err
a sync "$S" --keep crowns-0000000000000000.json >/dev/null 2>err
check "--keep a file not in the folder: usage error" [ $? = 2 ]
check "naming it" grep -q "^crowns: error: sync: --keep 'crowns-0000000000000000.json': no such file in '.*shared'" err
own=$(sqlite3 "$T/a.db" "SELECT value FROM meta WHERE key = 'sync_id'")
a sync "$S" --keep "crowns-$own.json" >/dev/null 2>err
check "--keep its own file: usage error" [ $? = 2 ]
check "saying so" grep -q "is this database's own file: --keep here keeps the games here$" err
check "the refusals changed nothing" test "$(sha256sum <"$T/a.db")" = "$before"

# Several files disagree about one game (issue 39): three databases x, y, z share a game;
# x and y correct its round 1 differently; z holds it as it was. The files' ids are set, so
# x's file is read first and y's last.
D=$T/disagree
mkdir -p "$D"
x() { "$CROWNS" --db "$T/x.db" "$@"; }
y() { "$CROWNS" --db "$T/y.db" "$@"; }
z() { "$CROWNS" --db "$T/z.db" "$@"; }
quiet x new Ann Bob --add
quiet x round 0* 12
set_id() { sqlite3 "$T/$1.db" "INSERT OR REPLACE INTO meta (key, value) VALUES ('sync_id', '$2')"; }
quiet y sync "$D"
quiet z sync "$D"
set_id x 1111111111111111
set_id y 9999999999999999
set_id z 5555555555555555
rm "$D"/crowns-*.json
quiet x sync "$D"
quiet y sync "$D"
quiet z sync "$D"
quiet x sync "$D"
quiet y sync "$D"
check "x, y and z hold the game" test "$(sqlite3 "$T/z.db" 'SELECT count(*) FROM games')" = 1
quiet x edit 1 Bob=30
quiet y edit 1 Bob=40
quiet x sync "$D"
quiet y sync "$D"
zsum=$(sha256sum <"$T/z.db")
z sync "$D" --keep file >out 2>err
check "--keep file, the files disagree: exit 3" [ $? = 3 ]
# x's version includes z's, so z takes it forward; y's meets it as a rival: undecided.
check "how to choose, naming the file" grep -qx "crowns: 1 conflict left undecided (each game kept as it is here, the other version kept too); choose with crowns sync $D --keep here (keep the versions here), --keep file (take the files'), --keep crowns-9999999999999999.json" err
check "the conflict says why --keep file did not take it" grep -q "kept too (crowns-1111111111111111.json and crowns-9999999999999999.json hold different versions of it)$" out
check "x's version, which included z's, is taken" grep -q '{"points":30}' <(z export)
check "--json lists it as undecided" grep -q '"undecided":\[{"here":1,"game":"[0-9a-f-]*","file":"crowns-9999999999999999.json"}\],"status":3}$' <(z sync "$D" --keep file --json 2>/dev/null)
out=$(z sync "$D" --keep crowns-9999999999999999.json 2>&1)
check "--keep FILE takes that file's version" grep -q '{"points":40}' <(z export)
check "and says so" grep -q "^crowns-9999999999999999.json: took its version of 1 game$" <<<"$out"
check "the conflict line" grep -q "^  Conflict: .*round 1 differs (file: Ann 0\*, Bob 40; here: Ann 0\*, Bob 30)$" <<<"$out"
check "decided: the file's" grep -q "^    took the file's version$" <<<"$out"
check "logged: undo takes it back" grep -q "took crowns-9999999999999999.json's version" <(z log)
quiet x sync "$D"
quiet y sync "$D"
x sync "$D" >out 2>err
check "z's decision reaches x and y without a question" [ $? = 0 ]
check "x holds 40 now" grep -q '{"points":40}' <(x export)

# An older file does not undo a newer one: p corrects the game; q's file, read after p's,
# still holds it as it was; r (as q) syncs with --keep file and takes p's correction only.
P=$T/older
mkdir -p "$P"
for db in p q r; do eval "$db() { \"\$CROWNS\" --db \"\$T/$db.db\" \"\$@\"; }"; done
quiet p new Ann Bob --add
quiet p round 0* 12
quiet q sync "$P"
quiet r sync "$P"
rm "$P"/crowns-*.json
set_id p 2222222222222222
set_id q eeeeeeeeeeeeeeee
set_id r 7777777777777777
quiet p sync "$P"
quiet q sync "$P"
quiet r sync "$P"
quiet p edit 1 Bob=30
quiet p sync "$P"
out=$(r sync "$P" --keep file 2>&1)
check "r takes p's correction" grep -q '{"points":30}' <(r export)
check "and q's older version is no conflict: it is behind" bash -c "! grep -q Conflict <<<'$out'"
check "q's file: nothing new" grep -q "^crowns-eeeeeeeeeeeeeeee.json: nothing new$" <<<"$out"
quiet q sync "$P" --keep file
quiet p sync "$P"
check "then all three agree" test "$(games_of "$T/p.db")" = "$(games_of "$T/q.db")"
check "all three agree (r)" test "$(games_of "$T/p.db")" = "$(games_of "$T/r.db")"

# Three databases in any order end with the same games: each order from the same start.
mkdir -p "$T/start"
for db in a b c; do rm -f "$T/start/$db.db"; done
quiet "$CROWNS" --db "$T/start/a.db" new Ann Bob --add
quiet "$CROWNS" --db "$T/start/a.db" round 0* 5
quiet "$CROWNS" --db "$T/start/b.db" new Cy Dee --add
quiet "$CROWNS" --db "$T/start/c.db" new Eve Fay --add
quiet "$CROWNS" --db "$T/start/c.db" round 3 0*
agreed=""
for order in "a b c" "a c b" "b a c" "b c a" "c a b" "c b a"; do
  O=$T/order-${order// /}
  mkdir -p "$O/folder"
  cp "$T"/start/*.db "$O/"
  for pass in 1 2; do
    for db in $order; do quiet "$CROWNS" --db "$O/$db.db" sync "$O/folder"; done
  done
  games=$(games_of "$O/a.db")
  check "order $order: b agrees with a" test "$(games_of "$O/b.db")" = "$games"
  check "order $order: c agrees with a" test "$(games_of "$O/c.db")" = "$games"
  check "order $order: three games" test "$(wc -l <<<"$games")" = 3
  [ -z "$agreed" ] && agreed=$games
  check "order $order: the same games as the first order" test "$games" = "$agreed"
  before=$(sha256sum "$O"/*.db "$O"/folder/*)
  for db in c b a; do quiet "$CROWNS" --db "$O/$db.db" sync "$O/folder"; done
  check "order $order: syncing again changes no database and no file" test "$(sha256sum "$O"/*.db "$O"/folder/*)" = "$before"
done

# A file whose JSON is whole but whose export is bad is skipped too, naming the place.
sed 's/"points":30/"points":-4/' "$P/crowns-2222222222222222.json" >"$P/crowns-3333333333333333.json"
r sync "$P" >/dev/null 2>err
check "a bad export in a sync file: exit 1" [ $? = 1 ]
check "a warning naming the file and the place" grep -q "^crowns: warning: skipped crowns-3333333333333333.json: export: games\[0\].rounds\[0\]\[1\].points" err
printf 'partial' >"$P/crowns-4444444444444444.json.tmp"
check "a temporary file is not read" bash -c "! '$CROWNS' --db '$T/r.db' sync '$P' 2>&1 | grep -q 4444"
rm -f "$P"/crowns-3333333333333333.json "$P"/*.tmp

# A newer format is refused in one line, changing nothing; the next crowns reads it.
sed 's/"version":2,/"version":3,/' "$P/crowns-2222222222222222.json" >"$P/crowns-6666666666666666.json"
quiet r sync "$P"
before=$(sha256sum <"$T/r.db")
r sync "$P" >out 2>err
check "a newer sync file: exit 1" [ $? = 1 ]
check "one line naming it and the fix" grep -qx "crowns: warning: skipped crowns-6666666666666666.json: the file is crowns-sync version 3; this crowns reads up to version 2: upgrade crowns to sync with it; the next sync reads it again" err
check "said once" test "$(wc -l <err)" = 1
check "no 'No other database's file' after a skipped file" bash -c "! grep -q 'No other database' out"
check "the database is unchanged" test "$(sha256sum <"$T/r.db")" = "$before"
rm "$P/crowns-6666666666666666.json"

# A Syncthing conflict copy of another database's file is read as a version like any other.
quiet p new --another Gil Hex --add
quiet p sync "$P"
mv "$P/crowns-2222222222222222.json" "$P/crowns-2222222222222222.sync-conflict-20260115-120000-ABCDEFG.json"
out=$(r sync "$P")
check "the conflict copy's new game is taken" grep -q "^crowns-2222222222222222.sync-conflict-20260115-120000-ABCDEFG.json: added 1 game" <<<"$out"

# A version 1 file (crowns before issue 44) is still read, merged by content.
V=$T/v1
mkdir -p "$V"
quiet "$CROWNS" --db "$T/v1.db" new Ann Bob --add
quiet "$CROWNS" --db "$T/v1.db" sync "$V"
f=$(ls "$V"/crowns-*.json)
python3 - "$f" <<'PY'
import json, sys
path = sys.argv[1]
j = json.load(open(path))
old = {"format": "crowns-sync", "version": 1, "database": j["database"],
       "deleted": [], "export": j["export"]}
open(path, "w").write(json.dumps(old))
PY
mv "$f" "$V/crowns-0123456789abcdef.json"
out=$("$CROWNS" --db "$T/v1new.db" sync "$V")
check "a version 1 file's game is taken" grep -q "^crowns-0123456789abcdef.json: added 1 game, 2 new players$" <<<"$out"
finish
