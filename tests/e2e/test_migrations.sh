#!/usr/bin/env bash
# Opening databases: migration from an empty file, refusal of a newer schema, of a file
# that is not a database, and of another program's SQLite file; all refused files untouched.
source "$(dirname "$0")/lib.sh"

latest=$("$CROWNS" --db "$E2E_TMP/probe.db" games >/dev/null && sqlite3 "$E2E_TMP/probe.db" 'PRAGMA user_version')

# An empty file is migrated to the latest schema, with WAL and every table.
: >"$E2E_TMP/empty.db"
quiet() { "$@" >/dev/null; }
check "empty file opens" quiet "$CROWNS" --db "$E2E_TMP/empty.db" player add Ann
check "empty file migrated" test "$(sqlite3 "$E2E_TMP/empty.db" 'PRAGMA user_version')" = "$latest"
check "schema version is at least 2" test "$latest" -ge 2
check "WAL on" test "$(sqlite3 "$E2E_TMP/empty.db" 'PRAGMA journal_mode')" = wal
check "players table" test "$(sqlite3 "$E2E_TMP/empty.db" 'SELECT name FROM players')" = Ann

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
check "text file message" test "$err" = "crowns: error: $E2E_TMP/notes.txt is not a crowns database (not an SQLite file); give the crowns database with --db or \$CROWNS_DB (the file was not changed)"
check "text file untouched" test "$(cat "$E2E_TMP/notes.txt")" = "not a database"

# Another program's SQLite file.
sqlite3 "$E2E_TMP/other.db" 'CREATE TABLE recipes (name TEXT)'
before=$(sha256sum <"$E2E_TMP/other.db")
err=$("$CROWNS" --db "$E2E_TMP/other.db" games 2>&1 >/dev/null)
check "foreign SQLite refused" test "$err" = "crowns: error: $E2E_TMP/other.db is an SQLite database, but not a crowns one (it already holds tables); give the crowns database with --db or \$CROWNS_DB (the file was not changed)"
check "foreign SQLite untouched" test "$(sha256sum <"$E2E_TMP/other.db")" = "$before"

# Without --db or $CROWNS_DB the database lives under $XDG_DATA_HOME, folders created.
(unset CROWNS_DB; "$CROWNS" player add Bob >/dev/null)
check "XDG default path" test -f "$XDG_DATA_HOME/crowns/crowns.db"
(unset CROWNS_DB XDG_DATA_HOME; "$CROWNS" player add Cat >/dev/null)
check "HOME default path" test -f "$HOME/.local/share/crowns/crowns.db"
check "--db wins over CROWNS_DB" quiet "$CROWNS" --db "$E2E_TMP/deep/er/x.db" player add Dan
check "--db folders created" test -f "$E2E_TMP/deep/er/x.db"

finish
