#pragma once
// More connections to one database in one process (crowns serve: a thread each).

#include "store/sqlite.hpp"

namespace crowns::store {

/// One more connection to the database `first` (opened by open_database, which checked and
/// migrated it) for another thread of this process: the same pragmas, no look at the file.
/// A second open_database would read the file's header outside SQLite, and closing that
/// descriptor drops every POSIX lock this process holds on the file (fcntl locks are per
/// process): another process's `crowns` could then take the database for its own alone,
/// checkpoint it and delete the WAL that this process's connections still write to.
Database open_another(const Database& first);

}  // namespace crowns::store
