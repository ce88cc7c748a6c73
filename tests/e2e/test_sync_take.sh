#!/usr/bin/env bash
# Sync's last gaps on the real binary (issues 44 and 47): a kept version taken that deletes a
# game, or brings a deleted one back, is undone by crowns undo like every other take; two
# versions of one game under different rules are a conflict (exit 3) that no --keep settles,
# named by the game's key and both rule sets, kept for --take, and the game is left as it is.
source "$(dirname "$0")/helpers/lib.sh"
T=$E2E_TMP
cd "$T" || exit 1
S=$T/shared
mkdir -p "$S"
export CROWNS_TIME=19:00:00
a() { "$CROWNS" --db "$T/a.db" "$@"; }
b() { "$CROWNS" --db "$T/b.db" "$@"; }
quiet() { "$@" >/dev/null 2>&1; }
game_of() { sqlite3 "$T/$1.db" "SELECT id FROM games WHERE uuid = '$2'"; }

# 1. A version that deletes the game, taken on b, then undone.
quiet a new Ann Bob --add
uuid=$(sqlite3 "$T/a.db" "SELECT uuid FROM games")
key=${uuid:0:8}
quiet a round 0* 4
quiet a sync "$S"
quiet b sync "$S"
quiet b round 7 0* --game "$key"
quiet a delete 1 --yes
quiet a sync "$S"
b sync "$S" >out 2>err
check "deleted there, played here: a conflict (exit 3)" [ $? = 3 ]
before=$(b export)
id=$(game_of b "$uuid")
b sync --take 1 >out 2>err
check "--take of the deletion: exit 0" [ $? = 0 ]
check "it says so" grep -qE "^Game $id deleted, as kept version 1 \(crowns-[0-9a-f]{16}\.json, made by database [0-9a-f]{16} at 2026-01-15 19:00:00 UTC\) says$" out
check "the game is gone" test -z "$(game_of b "$uuid")"
b undo >out 2>err
check "undo of the take: exit 0" [ $? = 0 ]
check "says what it did" grep -q "^Put game $id back as it was before: Game $id deleted, as kept version 1" out
check "the game is back under its number" test "$(game_of b "$uuid")" = "$id"
check "exactly as it was" test "$(b export)" = "$before"
b undo >out 2>err
check "the round before is the next to undo, not the take again" grep -q "Removed round 2 of game $id" out
quiet b round 7 0* --game "$key"
quiet b sync "$S"
a sync "$S" >out 2>err
check "a takes the game back without a question" [ $? = 0 ]
check "a holds it again" test -n "$(game_of a "$uuid")"

# 2. A version that brings a deleted game back, taken on a, then undone: deleted again.
quiet b sync "$S"
quiet b round 3 0* --game "$key"
aid=$(game_of a "$uuid")
quiet a delete "$aid" --yes
quiet b sync "$S"
a sync "$S" >out 2>err
check "played there, deleted here: exit 3" [ $? = 3 ]
a sync --take 1 --json >out 2>err
check "--take brings it back" test -n "$(game_of a "$uuid")"
check "--json: one entry logged for the game" grep -qE "^\{\"logged\":\[\{\"id\":[0-9]+,\"at\":\"2026-01-15T19:00:00Z\",\"game\":$(game_of a "$uuid"),\"action\":\"sync\"" out
a undo >out 2>err
check "undo: exit 0" [ $? = 0 ]
check "deleted again" test -z "$(game_of a "$uuid")"
check "saying so" grep -q "^Deleted game [0-9]* again (undid \"Game [0-9]* brought back from kept version 1" out
quiet a sync "$S"
b sync "$S" >out 2>err
check "b takes the deletion without a question" [ $? = 0 ]
check "b deleted it" test -z "$(game_of b "$uuid")"

# 3. Two versions under different rules (b's edited by hand): never merged.
quiet a new Cy Dee --add --order down
uuid=$(sqlite3 "$T/a.db" "SELECT uuid FROM games WHERE round_order = 'down'")
key=${uuid:0:8}
quiet a sync "$S"
quiet b sync "$S"
sqlite3 "$T/b.db" "UPDATE games SET round_order = 'up' WHERE uuid = '$uuid'"
quiet a round 0* 5 --game "$key"
quiet a sync "$S"
before=$(sha256sum <(b export))
b sync "$S" >out 2>err
check "other rules: exit 3" [ $? = 3 ]
check "one line names the key, both rule sets and what to do" grep -qx "crowns: game $key is under other rules in the file (file: order down, wild melds yes, book suits any, leads left, ties shared; here: order up, wild melds yes, book suits any, leads left, ties shared): a game's rules never change by a merge; if the other version's rules are the right ones, take it with crowns sync --take ID (crowns sync --conflicts lists it; crowns undo puts the game back), else keep syncing: the game stays as it is here" err
check "the game unchanged" test "$(sha256sum <(b export))" = "$before"
b sync "$S" --keep file >out 2>err
check "--keep file does not settle it" [ $? = 3 ]
b sync "$S" --keep here >out 2>err
check "nor --keep here" [ $? = 3 ]
check "still unchanged" test "$(sha256sum <(b export))" = "$before"
check "--json names the hint" grep -q '"hint":{"kind":"rules_differ","name":"'"$key"'"}' <(b sync "$S" --json 2>/dev/null)
b sync --conflicts >out
check "--conflicts lists it" grep -qE "^  [0-9]+: game [0-9]+ here .*: game $key is under other rules in the file" out
kept=$(sed -nE 's/^  ([0-9]+): .*/\1/p' out)
quiet b sync --take "$kept"
check "taken by choice: its rules" test "$(sqlite3 "$T/b.db" "SELECT round_order FROM games WHERE uuid = '$uuid'")" = down
check "and its round" test "$(sqlite3 "$T/b.db" "SELECT count(*) FROM rounds JOIN games g ON g.id = game_id WHERE g.uuid = '$uuid'")" = 1
quiet b undo
check "undo: the rules here back" test "$(sqlite3 "$T/b.db" "SELECT round_order FROM games WHERE uuid = '$uuid'")" = up
check "and the game" test "$(sha256sum <(b export))" = "$before"

# 4. crowns import meets it the same way.
"$CROWNS" --db "$T/c.db" new Eve Fay --add --order random --seed 3 >/dev/null
"$CROWNS" --db "$T/c.db" export --out "$T/c.json" >/dev/null
"$CROWNS" --db "$T/d.db" import "$T/c.json" >/dev/null
sqlite3 "$T/d.db" "UPDATE games SET round_order = 'up', dealt = '', deal_seed = NULL"
before=$(sha256sum <("$CROWNS" --db "$T/d.db" export))
"$CROWNS" --db "$T/d.db" import "$T/c.json" --keep file >out 2>err
check "import: exit 3" [ $? = 3 ]
check "import: skipped, naming both rule sets" grep -q "^Skipped: game 1 of the file is game 1 here (.*), but game [0-9a-f]\{8\} is under other rules in the file (file: order random, .*; here: order up, .*): a game's rules never change by a merge" out
check "import: the game unchanged" test "$(sha256sum <("$CROWNS" --db "$T/d.db" export))" = "$before"
check "import: the version kept for --take" grep -q "^  1: game 1 here" <("$CROWNS" --db "$T/d.db" sync --conflicts)
# 5. undo --game N of a game a take deleted finds the take in the log, past later changes of
# other games, and brings the game back as plain undo does.
S5=$T/shared5
mkdir -p "$S5"
e() { "$CROWNS" --db "$T/e.db" "$@"; }
f() { "$CROWNS" --db "$T/f.db" "$@"; }
quiet e new Ann Bob --add
uuid=$(sqlite3 "$T/e.db" "SELECT uuid FROM games")
quiet e round 0* 4
quiet e sync "$S5"
quiet f sync "$S5"
quiet f round 7 0* --game "${uuid:0:8}"
quiet f new Cy Dee --add --another
other=$(sqlite3 "$T/f.db" "SELECT id FROM games WHERE uuid <> '$uuid'")
quiet e delete 1 --yes
quiet e sync "$S5"
f sync "$S5" >out 2>err
check "undo --game: deleted there, played here, a conflict" [ $? = 3 ]
id=$(game_of f "$uuid")
before=$(f export)
quiet f sync --take 1
check "undo --game: the take deleted it" test -z "$(game_of f "$uuid")"
quiet f round 0* 9 --game "$other"
f undo --game "$id" >out 2>err
check "undo --game of the deleted game: exit 0" [ $? = 0 ]
check "undo --game: says what it did, as plain undo" grep -q "^Put game $id back as it was before: Game $id deleted, as kept version 1" out
check "undo --game: back under its number" test "$(game_of f "$uuid")" = "$id"
check "undo --game: the other game's round still there" test "$(sqlite3 "$T/f.db" "SELECT count(*) FROM rounds WHERE game_id = $other")" = 1
quiet f undo --game "$other"
check "undo --game: export before the take = export after the undos" test "$(f export)" = "$before"
f undo --game "$id" >out 2>err
check "undo --game: the game's round is next, not the take again" grep -q "^Removed round 2 of game $id" out
f undo --game 99 >out 2>err
check "undo --game of a game never here: refused" [ $? = 1 ]
check "undo --game: no game 99" grep -qx "crowns: error: there is no game 99 (crowns games lists them)" err
finish
