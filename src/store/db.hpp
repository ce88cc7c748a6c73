#pragma once
// Opening the crowns database: where it lives, and bringing its schema up to date.

#include <string>

#include "store/sqlite.hpp"

namespace crowns::store {

/// The database file: `flag` (--db) if given, else $CROWNS_DB, else
/// $XDG_DATA_HOME/crowns/crowns.db, else ~/.local/share/crowns/crowns.db.
std::string database_path(const std::string& flag);

/// Opens (creating the file and its folders if needed) and migrates the database:
/// foreign keys on, WAL, a busy timeout of $CROWNS_BUSY_TIMEOUT_MS (default 5000 ms).
/// Refuses, leaving the file untouched, a file that is not an SQLite database, an SQLite
/// file that is not crowns', a database written by a newer crowns, and a damaged one
/// (truncated; or, before the first write that switches it to WAL or migrates it, failing
/// quick_check). Throws crowns::Error naming the file and what to do.
Database open_database(const std::string& path);

/// The schema version this program writes (the last migration's number).
int latest_schema_version();

/// Today's date, YYYY-MM-DD: $CROWNS_TODAY if set (for tests), else the local date.
std::string today();
/// Now, "YYYY-MM-DD HH:MM:SS" in UTC; "$CROWNS_TODAY 12:00:00" when $CROWNS_TODAY is set,
/// so that tests see fixed timestamps.
std::string now_timestamp();

}  // namespace crowns::store
