#pragma once
// What every store mutator returns: the game as it is after the change, and the audit entry
// the change wrote. The CLI prints from this instead of reading the log or the game back
// after the commit (another writer may have come in between under WAL).

#include <optional>

#include "store/audit.hpp"
#include "store/games.hpp"

namespace crowns::store {

struct Change {
  std::optional<Game> game;  ///< The game after the change; none if it is gone or not a game's.
  AuditEntry entry;          ///< The entry written, with its id and time.
};

}  // namespace crowns::store
