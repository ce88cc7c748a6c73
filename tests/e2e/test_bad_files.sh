#!/usr/bin/env bash
# Bad files: a database that is not SQLite, truncated, overwritten in the middle, read-only,
# on a full disk, or from a newer crowns; import and restore inputs that are not what they
# should be. Each is refused with one line "crowns: error: ..." naming the file and what to
# do, exit status 1, and the file (and the current database) byte-for-byte as it was, with no
# -wal or -shm file left next to it.
source "$(dirname "$0")/helpers/lib.sh"
command -v sqlite3 >/dev/null || { echo "test_bad_files.sh: needs the sqlite3 shell"; exit 1; }
T=$E2E_TMP
sum() { sha256sum <"$1" | cut -d' ' -f1; }
quiet() { "$@" >/dev/null; }

# refused NAME FILE WANT CROWNS-ARGS...: crowns exits 1 with one line on stderr that names
# FILE's base name and matches the extended regex WANT; FILE is unchanged and has no -wal/-shm.
refused() {
  local name=$1 file=$2 want=$3; shift 3
  local before after err rc
  before=$(sum "$file")
  err=$("$CROWNS" "$@" 2>&1 >/dev/null); rc=$?
  after=$(sum "$file")
  check "$name: exit status 1 (got $rc)" test "$rc" = 1
  check "$name: one line ($err)" test "$(printf '%s\n' "$err" | wc -l)" = 1
  check "$name: 'crowns: error:' and the file name ($err)" grep -qF "crowns: error: " <<<"$err"
  check "$name: names $(basename "$file") ($err)" grep -qF "$(basename "$file")" <<<"$err"
  check "$name: says /$want/ ($err)" grep -qE "$want" <<<"$err"
  check "$name: file unchanged" test "$before" = "$after"
  check "$name: no -wal/-shm left" test ! -e "$file-wal" -a ! -e "$file-shm"
}

# A real crowns database of a few hundred games, in one file (no -wal: crowns closed it).
bash "$(dirname "$0")/helpers/gen_games.sh" "$CROWNS" "$T/games.json" 300 "$T/gen.db"
"$CROWNS" --db "$T/real.db" import "$T/games.json" >/dev/null
check "the real database has no -wal after crowns closed it" test ! -e "$T/real.db-wal"
size=$(stat -c %s "$T/real.db")
pages=$((size / 4096))

# --- Databases ------------------------------------------------------------------------------
printf 'shopping list: milk, eggs\n' >"$T/notes.txt"
refused "text file as database" "$T/notes.txt" "not an SQLite file.*--db" --db "$T/notes.txt" games
refused "text file, write command" "$T/notes.txt" "not an SQLite file" --db "$T/notes.txt" new Ann Bob --add
head -c 20000 /dev/urandom >"$T/garbage.db"
refused "binary garbage as database" "$T/garbage.db" "not an SQLite file" --db "$T/garbage.db" show

head -c $((size / 2 + 123)) "$T/real.db" >"$T/half.db"
refused "truncated database (mid-page)" "$T/half.db" "is damaged.*restore" --db "$T/half.db" games
refused "truncated database, write" "$T/half.db" "is damaged" --db "$T/half.db" new P1 P2
head -c $((pages / 2 * 4096)) "$T/real.db" >"$T/halfpage.db"
refused "truncated database (page boundary)" "$T/halfpage.db" "is damaged.*restore" --db "$T/halfpage.db" show
# The same, but a rollback-journal file (as crowns backup writes): crowns would switch it to
# WAL, a write to its header; quick_check runs first.
"$CROWNS" --db "$T/real.db" backup "$T/backup.db" >/dev/null
head -c $((pages / 2 * 4096)) "$T/backup.db" >"$T/halfbackup.db"
refused "truncated rollback-journal database" "$T/halfbackup.db" "is damaged" --db "$T/halfbackup.db" games

# Pages in the middle overwritten with text: the commands that read them say so.
overwrite_pages() { # FILE FIRST COUNT
  local p
  for ((p = $2; p < $2 + $3; p++)); do
    yes CORRUPTED | head -c 4096 | dd of="$1" bs=4096 seek="$p" conv=notrunc status=none
  done
}
cp "$T/real.db" "$T/corrupt.db"
# Three pages over a page of the games table (not a fixed offset: a new table in a migration
# moves every table's pages), so that every command below reads damaged pages.
games_page=$(sqlite3 "$T/real.db" "SELECT pageno FROM dbstat WHERE name = 'games' ORDER BY pageno LIMIT 1 OFFSET 4")
overwrite_pages "$T/corrupt.db" $((games_page - 1)) 3
refused "corrupted database: export" "$T/corrupt.db" "is damaged.*crowns restore" --db "$T/corrupt.db" export
refused "corrupted database: games" "$T/corrupt.db" "is damaged" --db "$T/corrupt.db" games
refused "corrupted database: leaderboard" "$T/corrupt.db" "is damaged" --db "$T/corrupt.db" leaderboard
refused "corrupted database: backup" "$T/corrupt.db" "is damaged.*no backup was written" --db "$T/corrupt.db" backup "$T/never.bak"
check "no backup of a damaged database" test ! -e "$T/never.bak"
check "no temporary backup left" test -z "$(ls "$T" | grep never.bak)"
cp "$T/backup.db" "$T/corrupt-rollback.db"
overwrite_pages "$T/corrupt-rollback.db" $((pages / 2)) 3
refused "corrupted rollback-journal database: even a command that reads nothing damaged" \
  "$T/corrupt-rollback.db" "is damaged \(quick_check" --db "$T/corrupt-rollback.db" show --game 1

cp "$T/real.db" "$T/newer.db"
sqlite3 "$T/newer.db" "PRAGMA user_version = 999"
refused "newer schema" "$T/newer.db" "newer crowns.*upgrade crowns" --db "$T/newer.db" games
refused "newer schema, write" "$T/newer.db" "newer crowns" --db "$T/newer.db" new P1 P2

sqlite3 "$T/other.db" "CREATE TABLE recipes (name TEXT)"
refused "another program's SQLite file" "$T/other.db" "not a crowns one.*--db" --db "$T/other.db" games

bad_timeout=$(CROWNS_BUSY_TIMEOUT_MS=-1 "$CROWNS" --db "$T/real.db" games 2>&1 >/dev/null)
check "bad CROWNS_BUSY_TIMEOUT_MS refused ($bad_timeout)" grep -q "CROWNS_BUSY_TIMEOUT_MS must be" <<<"$bad_timeout"

# $CROWNS_TODAY is stored (a game's date, the log's timestamps): anything but a date is
# refused before a write, in one line naming the value and the form.
before=$(sqlite3 "$T/real.db" .dump)
for bad in garbage 2026-02-30 2026-1-5 "2026-01-15 12:00" "$(printf '2026-01-15\nx')"; do
  err=$(CROWNS_TODAY=$bad "$CROWNS" --db "$T/real.db" new --another Newcomer1 Newcomer2 --add 2>&1 >/dev/null)
  rc=$?
  check "bad CROWNS_TODAY '$bad': status 1 (got $rc)" test "$rc" = 1
  check "bad CROWNS_TODAY '$bad': one line naming the form ($err)" \
    grep -qx "crowns: error: CROWNS_TODAY must be a date written YYYY-MM-DD, e.g. 2026-01-15, not '.*'" <<<"$err"
  err=$(CROWNS_TODAY=$bad "$CROWNS" --db "$T/real.db" player add Newcomer3 2>&1 >/dev/null)
  check "bad CROWNS_TODAY '$bad': player add refused ($err)" grep -q "CROWNS_TODAY must be" <<<"$err"
done
check "bad CROWNS_TODAY: the database is unchanged" test "$(sqlite3 "$T/real.db" .dump)" = "$before"

# The default place cannot be made: $XDG_DATA_HOME is a file.
printf 'x' >"$T/xdg-file"
err=$(env -u CROWNS_DB XDG_DATA_HOME="$T/xdg-file" "$CROWNS" player add X 2>&1 >/dev/null); rc=$?
check "data folder cannot be made: status 1" test "$rc" = 1
check "data folder cannot be made: says which and what to do ($err)" \
  grep -qE "^crowns: error: .*xdg-file/crowns/crowns.db cannot be created: its folder .* cannot be made .*--db" <<<"$err"
check "data folder cannot be made: the file is unchanged" test "$(cat "$T/xdg-file")" = x
err=$("$CROWNS" --db /proc/crowns.db player add X 2>&1 >/dev/null); rc=$?
check "database in /proc refused ($err)" test "$rc" = 1
check "database in /proc: names it, says what to check" grep -qE "^crowns: error: .*/proc/crowns.db.*check that" <<<"$err"

# Read-only file and folder. Root writes through chmod, so as root use chattr +i (immutable)
# where the file system allows it; otherwise say what was skipped.
ro_file=$T/ro/games.db ro_dir=$T/rodir
mkdir -p "$T/ro" "$ro_dir"
cp "$T/real.db" "$ro_file"; cp "$T/real.db" "$ro_dir/games.db"
make_read_only() { # PATH
  if [ "$(id -u)" != 0 ]; then chmod a-w "$1"; return 0; fi
  chattr +i "$1" 2>/dev/null
}
undo_read_only() { chattr -i "$1" 2>/dev/null; chmod u+w "$1" 2>/dev/null; }
trap 'undo_read_only "$ro_file"; undo_read_only "$ro_dir"; rm -rf "$E2E_TMP"' EXIT
if make_read_only "$ro_file"; then
  check "read-only database: reading works" quiet "$CROWNS" --db "$ro_file" games
  check "read-only database: reading leaves no -wal/-shm" test ! -e "$ro_file-wal" -a ! -e "$ro_file-shm"
  refused "read-only database: a write" "$ro_file" "cannot be written.*nothing was changed" --db "$ro_file" new P1 P2
  refused "read-only database: a new player" "$ro_file" "cannot be written" --db "$ro_file" player add Zed
  undo_read_only "$ro_file"
else
  echo "note: read-only file variant skipped (running as root and chattr +i is not available here)"
fi
if make_read_only "$ro_dir"; then
  check "read-only folder: reading works" quiet "$CROWNS" --db "$ro_dir/games.db" show --game 2
  refused "read-only folder: a write" "$ro_dir/games.db" "cannot be written" --db "$ro_dir/games.db" new P1 P2
  err=$("$CROWNS" --db "$ro_dir/new.db" player add X 2>&1 >/dev/null); rc=$?
  check "read-only folder: a new database cannot be made ($err)" test "$rc" = 1
  check "read-only folder: says what to check" grep -qE "^crowns: error: .*new.db.*check that" <<<"$err"
  undo_read_only "$ro_dir"
else
  echo "note: read-only folder variant skipped (running as root and chattr +i is not available here)"
fi

# A full disk, simulated with a file size limit (writes past it fail with EFBIG; SIGXFSZ is
# ignored so that crowns sees the error instead of being killed).
"$CROWNS" --db "$T/small.db" new --another --add Ann Bob >/dev/null
"$CROWNS" --db "$T/small.db" round 0* 25 >/dev/null
full() { (trap '' XFSZ; ulimit -f 64; "$CROWNS" "$@"); }
before=$(sum "$T/small.db")
err=$(full --db "$T/small.db" import "$T/games.json" 2>&1 >/dev/null); rc=$?
check "full disk: import fails ($rc)" test "$rc" = 1
check "full disk: one clear line ($err)" grep -qE "^crowns: error: .*small.db .*(disk|full).*nothing was changed\)$" <<<"$err"
check "full disk: database unchanged" test "$(sum "$T/small.db")" = "$before"
check "full disk: no -wal/-shm left" test ! -e "$T/small.db-wal" -a ! -e "$T/small.db-shm"
check "full disk: database still sound" test "$(sqlite3 "$T/small.db" 'PRAGMA integrity_check')" = ok
check "full disk: the round is still there" quiet "$CROWNS" --db "$T/small.db" show --game 1
err=$(full --db "$T/real.db" export --out "$T/full.json" 2>&1 >/dev/null); rc=$?
check "full disk: export fails ($err)" test "$rc" = 1 -a ! -e "$T/full.json"
check "full disk: export names the file" grep -qE "^crowns: error: .*full.json.*cannot be written" <<<"$err"
err=$(full --db "$T/real.db" backup "$T/full.bak" 2>&1 >/dev/null); rc=$?
check "full disk: backup fails ($err)" test "$rc" = 1 -a ! -e "$T/full.bak"
check "full disk: backup names the backup, not a temporary file ($err)" grep -qE "^crowns: error: .*full.bak: cannot be written .*disk" <<<"$err"
check "full disk: no temporary files left" test -z "$(ls "$T" | grep -E 'full\.(json|bak)')"
err=$("$CROWNS" --db "$T/real.db" backup /proc/crowns.bak 2>&1 >/dev/null); rc=$?
check "backup into /proc refused ($err)" test "$rc" = 1
check "backup into /proc: names it, says what to check" grep -qE "^crowns: error: /proc/crowns.bak: cannot be written .*check that its folder" <<<"$err"

# --- Import inputs ------------------------------------------------------------------------
"$CROWNS" new --another --add Ann Bob >/dev/null
"$CROWNS" round 0* 25 >/dev/null
"$CROWNS" games >/dev/null  # (closes the database: no -wal while the checksums are taken)
db_sum=$(sum "$CROWNS_DB")
head -c $(($(stat -c %s "$T/games.json") / 2)) "$T/games.json" >"$T/half.json"
head -c 5000 /dev/urandom >"$T/garbage.bin"
mkdir "$T/folder"
refused "import: text file" "$T/notes.txt" "nothing was imported" import "$T/notes.txt"
refused "import: truncated JSON" "$T/half.json" "not valid JSON.*nothing was imported" import "$T/half.json"
refused "import: binary garbage" "$T/garbage.bin" "nothing was imported" import "$T/garbage.bin"
refused "import: a database file" "$T/real.db" "nothing was imported" import "$T/real.db"
err=$("$CROWNS" import "$T/folder" 2>&1 >/dev/null); rc=$?
check "import: a folder ($err)" test "$rc" = 1
check "import: a folder says so" grep -q "folder.*folder, not a file" <<<"$err"
err=$("$CROWNS" import "$T/missing.json" 2>&1 >/dev/null); rc=$?
check "import: a missing file ($err)" test "$rc" = 1
err=$("$CROWNS" import /proc/self/mem 2>&1 >/dev/null); rc=$?
check "import: a read error names the file ($err)" grep -qE "^crowns: error: /proc/self/mem: cannot be read" <<<"$err"
check "import: the database was not changed" test "$(sum "$CROWNS_DB")" = "$db_sum"
check "import: reads a pipe" quiet "$CROWNS" import --dry-run <(cat "$T/games.json")
if [ "$(id -u)" != 0 ]; then
  cp "$T/games.json" "$T/secret.json"; chmod 000 "$T/secret.json"
  refused "import: unreadable file" "$T/secret.json" "cannot be read: Permission denied" import "$T/secret.json"
elif command -v setpriv >/dev/null && setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
  # As root, read permissions do not apply: run crowns as nobody, on a database nobody owns.
  mkdir "$T/nobody"; cp "$T/games.json" "$T/nobody/secret.json"; chmod 000 "$T/nobody/secret.json"
  chmod 755 "$T"; chown 65534 "$T/nobody"
  err=$(setpriv --reuid=65534 --regid=65534 --clear-groups "$CROWNS" --db "$T/nobody/n.db" import "$T/nobody/secret.json" 2>&1 >/dev/null); rc=$?
  check "import: unreadable file ($err)" test "$rc" = 1
  check "import: unreadable file says so" grep -qE "^crowns: error: .*secret.json: cannot be read: Permission denied$" <<<"$err"
  check "import: unreadable file, no database made" test ! -e "$T/nobody/n.db"
else
  echo "note: unreadable import file skipped (running as root without setpriv)"
fi

# --- Restore inputs -----------------------------------------------------------------------
"$CROWNS" --db "$T/real.db" backup "$T/good.bak" >/dev/null
bsize=$(stat -c %s "$T/good.bak")
head -c $((bsize / 2)) "$T/good.bak" >"$T/half.bak"
head -c $((bsize / 4096 / 2 * 4096)) "$T/good.bak" >"$T/halfpage.bak"
cp "$T/good.bak" "$T/corrupt.bak"; overwrite_pages "$T/corrupt.bak" $((bsize / 4096 / 2)) 3
cp "$T/good.bak" "$T/newer.bak"; sqlite3 "$T/newer.bak" "PRAGMA user_version = 999"
# A crowns database that fails integrity_check: a row breaking a CHECK constraint.
cp "$T/good.bak" "$T/check.bak"
sqlite3 "$T/check.bak" "PRAGMA ignore_check_constraints = ON; UPDATE scores SET points = -5 WHERE game_id = 1 AND round = 1 AND seat = 1;"
cp "$T/good.bak" "$T/orphan.bak"; sqlite3 "$T/orphan.bak" "INSERT INTO seats (game_id, seat, player_id) VALUES (99999, 0, 1)"
# A half-written backup: the first pages of one, as a killed copy would leave them.
head -c $((bsize / 4096 / 3 * 4096)) "$T/good.bak" >"$T/unfinished.bak"
restore_refused() { # NAME FILE WANT
  local db_before
  db_before=$(sum "$CROWNS_DB")
  refused "restore: $1" "$2" "$3" restore --yes "$2"
  check "restore: $1: the database is unchanged" test "$(sum "$CROWNS_DB")" = "$db_before"
  check "restore: $1: no copy left" test -z "$(ls "$T" | grep -E 'crowns\.db\.(restore|before-restore)')"
}
restore_refused "a text file" "$T/notes.txt" "not an SQLite database.*a backup made"
restore_refused "binary garbage" "$T/garbage.bin" "not an SQLite database"
restore_refused "truncated" "$T/half.bak" "is damaged"
restore_refused "truncated at a page" "$T/halfpage.bak" "is damaged"
restore_refused "half-written" "$T/unfinished.bak" "is damaged"
restore_refused "corrupted" "$T/corrupt.bak" "is damaged"
restore_refused "newer schema" "$T/newer.bak" "newer crowns.*upgrade crowns"
restore_refused "fails integrity_check" "$T/check.bak" "is damaged \(integrity check: CHECK constraint"
restore_refused "broken references" "$T/orphan.bak" "is damaged \(rows refer"
restore_refused "another program's SQLite file" "$T/other.db" "not a crowns"
err=$("$CROWNS" restore --yes "$T/folder" 2>&1 >/dev/null); rc=$?
check "restore: a folder ($err)" test "$rc" = 1
err=$("$CROWNS" restore --yes "$T/missing.bak" 2>&1 >/dev/null); rc=$?
check "restore: a missing file ($err)" test "$rc" = 1
check "restore: the database is still the same" test "$(sum "$CROWNS_DB")" = "$db_sum"
# And a good backup does restore.
check "restore: a good backup works" quiet "$CROWNS" restore --yes "$T/good.bak"
check "restore: its games are there" test "$("$CROWNS" games | grep -c finished)" = 300
finish
