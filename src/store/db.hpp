#pragma once
// Opening the crowns database: where it lives, and bringing its schema up to date.

#include <string>
#include <vector>

#include "store/sqlite.hpp"

namespace crowns::store {

/// The database file: `flag` (--db) if given, else $CROWNS_DB, else
/// $XDG_DATA_HOME/crowns/crowns.db, else ~/.local/share/crowns/crowns.db.
std::string database_path(const std::string& flag);

/// What a command does with the database: a reading command never creates one.
enum class Access {
  Read,   ///< a missing file is refused ("no crowns database at PATH"), not created
  Write,  ///< a missing file is created, with its folders
};

/// Opens (with Access::Write creating the file and its folders if needed) and migrates the
/// database:
/// foreign keys on, WAL, a busy timeout of $CROWNS_BUSY_TIMEOUT_MS (default 5000 ms).
/// Refuses, leaving the file untouched, a file that is not an SQLite database, an SQLite
/// file that is not crowns', a database written by a newer crowns, and a damaged one
/// (truncated; or, before the first write that switches it to WAL or migrates it, failing
/// quick_check). Throws crowns::Error naming the file and what to do.
Database open_database(const std::string& path, Access access = Access::Write);

/// Removes the database at `path` (with its -wal and -shm files) if nothing was ever stored in
/// it: no player, game, season, solitaire game or log entry. For a file a refused command
/// created, so that `crowns --db new.db new Ann Bob` without --add leaves nothing behind.
/// Never throws: a file that cannot be read or removed is left as it is.
void remove_if_unused(const std::string& path) noexcept;

/// Throws crowns::Error "PATH is a named pipe (FIFO), not a regular file; <advice>" when
/// `path` names something other than a regular file or a folder (a FIFO, a device, a
/// socket), following symbolic links; nothing when it is missing. Checked before anything
/// opens the path: opening a FIFO blocks until a writer comes, which may be never.
void refuse_special_file(const std::string& path, const std::string& advice, Hint hint = {});

/// The schema version this program writes (the last migration's number).
int latest_schema_version();

/// The tables that the migrations up to `version` create, in the order they create them:
/// what a crowns database of that schema version holds.
std::vector<std::string> schema_tables(int version);

/// What the first 16 bytes of a file say about it.
enum class SqliteHeader {
  Unreadable,  ///< missing, or cannot be read
  Empty,       ///< no bytes at all (SQLite takes it as an empty database)
  Sqlite,      ///< "SQLite format 3\0"
  Other,       ///< anything else: not an SQLite database
};
SqliteHeader read_sqlite_header(const std::string& path);

/// Today's date, YYYY-MM-DD: $CROWNS_TODAY if set (for tests), else the local date.
std::string today();
/// Now, "YYYY-MM-DD HH:MM:SS" in UTC; "$CROWNS_TODAY 12:00:00" when $CROWNS_TODAY is set,
/// so that tests see fixed timestamps ("$CROWNS_TODAY $CROWNS_TIME" when both are: a test
/// clock that the test moves forward). Throws Error for a badly written CROWNS_TIME.
std::string now_timestamp();

}  // namespace crowns::store
