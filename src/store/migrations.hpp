#pragma once
// The schema migrations, embedded at build time from migrations/NNNN_name.sql.

#include <vector>

namespace crowns::store {

struct Migration {
  int version;       ///< NNNN: applied in increasing order; PRAGMA user_version after it.
  const char* name;  ///< The file name without .sql.
  const char* sql;
};

/// Every migration, in version order.
const std::vector<Migration>& migrations();

}  // namespace crowns::store
