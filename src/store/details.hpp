#pragma once
// A game's details: its date, note, first dealer and seat order. Changing them is logged
// (old and new values) like every other change, so `crowns undo` can put them back.

#include <optional>
#include <string>
#include <vector>

#include "crowns/expected.hpp"
#include "store/change.hpp"

namespace crowns::store {

/// What to change; what is empty stays as it is.
struct DetailsChange {
  std::optional<std::string> date;                ///< YYYY-MM-DD.
  std::optional<std::string> note;                ///< An empty note removes it.
  std::optional<std::string> dealer;              ///< The name of who dealt round 1.
  std::optional<std::vector<std::string>> seats;  ///< Every player once, clockwise.
};

/// Changes a game's details inside the caller's transaction. A new seat order moves each
/// player's scores with them; without --dealer the same player stays first dealer. Fails,
/// naming the token, on a bad date or note, a name not at the game, or no change at all.
Expected<Change> update_details(Database& db, const Game& game, const DetailsChange& change);

/// For undo: puts back the details `back` (an audit value written by update_details), after
/// checking the game still has the details `now`. Fails if it does not.
Expected<Game> revert_details(Database& db, const Game& game, const std::string& now,
                              const std::string& back);

}  // namespace crowns::store
