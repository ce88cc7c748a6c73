#!/usr/bin/env bash
# Opening databases: migration from an empty file, refusal of a newer schema, of a file
# that is not a database, and of another program's SQLite file; all refused files untouched.
source "$(dirname "$0")/helpers/lib.sh"

latest=$("$CROWNS" --db "$E2E_TMP/probe.db" player add Probe >/dev/null && sqlite3 "$E2E_TMP/probe.db" 'PRAGMA user_version')

# An empty file is migrated to the latest schema, with WAL and every table.
: >"$E2E_TMP/empty.db"
quiet() { "$@" >/dev/null; }
check "empty file opens" quiet "$CROWNS" --db "$E2E_TMP/empty.db" player add Ann
check "empty file migrated" test "$(sqlite3 "$E2E_TMP/empty.db" 'PRAGMA user_version')" = "$latest"
check "schema version is at least 2" test "$latest" -ge 2
check "WAL on" test "$(sqlite3 "$E2E_TMP/empty.db" 'PRAGMA journal_mode')" = wal
check "players table" test "$(sqlite3 "$E2E_TMP/empty.db" 'SELECT name FROM players')" = Ann
check "solitaire table (0005)" test "$(sqlite3 "$E2E_TMP/empty.db" "SELECT count(*) FROM sqlite_schema WHERE name = 'solitaire_games'")" = 1
check "went-out index (0008)" test "$(sqlite3 "$E2E_TMP/empty.db" "SELECT count(*) FROM sqlite_schema WHERE name = 'scores_went_out'")" = 1
# ... and the statistics' count of rounds gone out (store/history.cpp) reads only it.
check "outs read through the index" grep -q "USING COVERING INDEX scores_went_out" \
  <(sqlite3 "$E2E_TMP/empty.db" "EXPLAIN QUERY PLAN SELECT game_id, seat FROM scores WHERE went_out = 1")

# A database written by a newer crowns is refused with a message naming the file.
sqlite3 "$E2E_TMP/new.db" 'PRAGMA user_version=999'
before=$(sha256sum <"$E2E_TMP/new.db")
err=$("$CROWNS" --db "$E2E_TMP/new.db" games 2>&1 >/dev/null); rc=$?
check "newer schema refused" test "$rc" = 1
check "newer schema message" test "$err" = "crowns: error: $E2E_TMP/new.db was written by a newer crowns (schema version 999; this crowns knows up to $latest): upgrade crowns to open it; the file was not changed"
check "newer schema file untouched" test "$(sha256sum <"$E2E_TMP/new.db")" = "$before"
check "no WAL left behind" test ! -e "$E2E_TMP/new.db-wal"

# A text file is not a database.
printf 'not a database\n' >"$E2E_TMP/notes.txt"
err=$("$CROWNS" --db "$E2E_TMP/notes.txt" show 2>&1 >/dev/null); rc=$?
check "text file refused" test "$rc" = 1
check "text file message" test "$err" = "crowns: error: $E2E_TMP/notes.txt is not a crowns database (not an SQLite file); the file was not changed; give the crowns database with --db or \$CROWNS_DB"
check "text file untouched" test "$(cat "$E2E_TMP/notes.txt")" = "not a database"

# Another program's SQLite file.
sqlite3 "$E2E_TMP/other.db" 'CREATE TABLE recipes (name TEXT)'
before=$(sha256sum <"$E2E_TMP/other.db")
err=$("$CROWNS" --db "$E2E_TMP/other.db" games 2>&1 >/dev/null)
check "foreign SQLite refused" test "$err" = "crowns: error: $E2E_TMP/other.db is an SQLite database, but not a crowns one (it already holds tables); the file was not changed; give the crowns database with --db or \$CROWNS_DB"
check "foreign SQLite untouched" test "$(sha256sum <"$E2E_TMP/other.db")" = "$before"

# Without --db or $CROWNS_DB the database lives under $XDG_DATA_HOME, folders created.
(unset CROWNS_DB; "$CROWNS" player add Bob >/dev/null)
check "XDG default path" test -f "$XDG_DATA_HOME/crowns/crowns.db"
(unset CROWNS_DB XDG_DATA_HOME; "$CROWNS" player add Cat >/dev/null)
check "HOME default path" test -f "$HOME/.local/share/crowns/crowns.db"
check "--db wins over CROWNS_DB" quiet "$CROWNS" --db "$E2E_TMP/deep/er/x.db" player add Dan
check "--db folders created" test -f "$E2E_TMP/deep/er/x.db"

# A database written at schema 3 (before ids were kept from reuse) migrates with its data
# intact; its deleted newest game keeps its number; a round undone the old way stays undone.
migrations=$(dirname "$0")/../../migrations
v3=$E2E_TMP/v3.db
cat "$migrations"/000[123]_*.sql | sqlite3 "$v3"
sqlite3 "$v3" "PRAGMA user_version = 3;
  PRAGMA journal_mode = WAL;
  INSERT INTO players (id, name, created_at) VALUES (1, 'Ann', 't'), (2, 'Bob', 't');
  INSERT INTO games (id, played_on, status, first_dealer, note, created_at, touched)
    VALUES (1, '2026-01-10', 'active', 1, 'kept', 't', 1);
  INSERT INTO seats (game_id, seat, player_id, total) VALUES (1, 0, 1, 0), (1, 1, 2, 9);
  INSERT INTO rounds (game_id, round, entered_at) VALUES (1, 1, 't');
  INSERT INTO scores (game_id, round, seat, points, went_out, hand)
    VALUES (1, 1, 0, 0, 1, NULL), (1, 1, 1, 9, 0, '9h');
  INSERT INTO audit (id, at, game_id, action, summary, old_value, new_value) VALUES
    (1, 't', 1, 'new', 'Game 1 started: Ann, Bob', NULL, '{}'),
    (2, 't', 1, 'round', 'Round 1 entered: Ann 0*, Bob 9 (9h)', NULL,
     '{\"round\":1,\"scores\":[{\"seat\":0,\"points\":0,\"went_out\":true,\"hand\":null},{\"seat\":1,\"points\":9,\"went_out\":false,\"hand\":\"9h\"}]}'),
    (3, 't', 1, 'round', 'Round 2 entered: Ann 5, Bob 0*', NULL, '{\"round\":2,\"scores\":[]}'),
    (4, 't', 1, 'undo', 'Removed round 2 of game 1: Ann 5, Bob 0*', '{\"round\":2,\"scores\":[]}', NULL),
    (5, 't', 2, 'new', 'Game 2 started: Ann, Bob', NULL, '{}'),
    (6, 't', 2, 'delete', 'Game 2 deleted', '{}', NULL);" >/dev/null
dump_v3() { sqlite3 "$v3" "SELECT * FROM players; SELECT id, played_on, status, first_dealer, note FROM games;
  SELECT game_id, seat, player_id, total, tiebreak, winner FROM seats; SELECT * FROM scores; SELECT id, action, summary FROM audit WHERE id <= 6"; }
before=$(dump_v3)
check "schema 3 opens" quiet "$CROWNS" --db "$v3" games
check "schema 3 migrated" test "$(sqlite3 "$v3" 'PRAGMA user_version')" = "$latest"
check "schema 3 data intact" test "$(dump_v3)" = "$before"
check "keys hold after migrating" test -z "$(sqlite3 "$v3" 'PRAGMA foreign_key_check')"
check "old undo linked" test "$(sqlite3 "$v3" 'SELECT undone_by FROM audit WHERE id = 3')" = 4
check "deleted game's number kept" test "$("$CROWNS" --db "$v3" new --another Bob Ann | head -c 6)" = "Game 3"
check "undo reaches the old round" test "$("$CROWNS" --db "$v3" undo --game 1 | head -1)" = \
  "Removed round 1 of game 1: Ann 0*, Bob 9 (9h) (the log keeps it: crowns log)"

# A database written at schema 5 (before games had a uuid) migrates: every game gets its own
# random version 4 uuid, the data is intact, keys hold, and a deleted game's number stays used.
v5=$E2E_TMP/v5.db
cat "$migrations"/000[12345]_*.sql | sqlite3 "$v5"
sqlite3 "$v5" "PRAGMA user_version = 5;
  PRAGMA journal_mode = WAL;
  INSERT INTO players (id, name, created_at) VALUES (1, 'Ann', 't'), (2, 'Bob', 't');
  INSERT INTO games (id, played_on, status, first_dealer, note, created_at, touched) VALUES
    (1, '2026-01-10', 'active', 1, 'kept', 't', 1), (2, '2026-01-11', 'abandoned', 0, NULL, 't', 2);
  INSERT INTO seats (game_id, seat, player_id, total) VALUES (1, 0, 1, 0), (1, 1, 2, 9),
    (2, 0, 2, 0), (2, 1, 1, 0);
  INSERT INTO rounds (game_id, round, entered_at) VALUES (1, 1, 't');
  INSERT INTO scores (game_id, round, seat, points, went_out, hand)
    VALUES (1, 1, 0, 0, 1, NULL), (1, 1, 1, 9, 0, '9h');
  INSERT INTO audit (id, at, game_id, action, summary, old_value, new_value) VALUES
    (1, 't', 3, 'new', 'Game 3 started: Ann, Bob', NULL, '{}'),
    (2, 't', 3, 'delete', 'Game 3 deleted', '{}', NULL);
  UPDATE sqlite_sequence SET seq = 3 WHERE name = 'games';" >/dev/null
dump_v5() { sqlite3 "$v5" "SELECT * FROM players; SELECT id, played_on, status, boxes, first_dealer, note,
  created_at, finished_at, touched FROM games ORDER BY id; SELECT game_id, seat, player_id, total, tiebreak, winner FROM seats; SELECT * FROM scores"; }
before=$(dump_v5)
check "schema 5 opens" quiet "$CROWNS" --db "$v5" games
check "schema 5 migrated" test "$(sqlite3 "$v5" 'PRAGMA user_version')" = "$latest"
check "schema 5 data intact" test "$(dump_v5)" = "$before"
# Migration 9: everyone seated before it played from round 1, with no starting total.
check "schema 5 seats play from round 1" test \
  "$(sqlite3 "$v5" 'SELECT count(*) FROM seats WHERE joined_round IS NOT NULL OR start_total <> 0')" = 0
check "keys hold after 0006" test -z "$(sqlite3 "$v5" 'PRAGMA foreign_key_check')"
uuid_re='^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$'
check "every game has a version 4 uuid" test "$(sqlite3 "$v5" 'SELECT uuid FROM games' | grep -cE "$uuid_re")" = 2
check "the uuids differ" test "$(sqlite3 "$v5" 'SELECT count(DISTINCT uuid) FROM games')" = 2
check "a uuid is unique" test -n "$(sqlite3 "$v5" "UPDATE games SET uuid = (SELECT uuid FROM games WHERE id = 1) WHERE id = 2" 2>&1)"
check "a uuid must look like one" test -n "$(sqlite3 "$v5" "UPDATE games SET uuid = 'x' WHERE id = 2" 2>&1)"
check "the deleted game's number stays used" test "$("$CROWNS" --db "$v5" new --another Bob Ann | head -c 6)" = "Game 4"
check "the new game has its own uuid" test "$(sqlite3 "$v5" 'SELECT count(DISTINCT uuid) FROM games')" = 3

finish
