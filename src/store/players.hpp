#pragma once
// Players: adding, finding, renaming, merging duplicates, retiring.
// Every write function expects to run inside the caller's transaction and logs itself.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "crowns/expected.hpp"
#include "store/change.hpp"
#include "store/sqlite.hpp"

namespace crowns::store {

struct Player {
  std::int64_t id = 0;
  std::string name;
  bool retired = false;
  // Filled in by list_players() only (lookups leave them empty: they cost a scan).
  int games = 0;                           ///< Games seated at (any status).
  int wins = 0;                            ///< Finished games won (shared wins count).
  std::optional<std::string> last_played;  ///< Date of the latest game.
};

enum class Include { Active, All };  ///< Whether lists include retired players.

/// Players by name (case-insensitive order), with their game counts.
std::vector<Player> list_players(const Database& db, Include include);

/// The player with this name ignoring case, retired or not.
std::optional<Player> find_player(const Database& db, const std::string& name);

/// The known player name closest to `typed` ("did you mean"), or empty.
std::string suggest_player(const Database& db, const std::string& typed);

/// Finds a player or fails with "unknown player 'X'; did you mean 'Y'?".
Expected<Player> require_player(const Database& db, const std::string& name);

/// Whether a new name that looks like an existing player's (store/look_alike.hpp: "Аnn" with
/// a Cyrillic А beside "Ann") is refused, naming that player, or added all the same.
enum class LookAlikes { Refused, Allowed };

/// The existing player whose name looks like `name` without being it (ignoring case), if any.
std::optional<Player> find_look_alike(const Database& db, const std::string& name);

/// Adds a player (name normalized and checked). A retired player of that name comes back.
/// Fails if the name is invalid or taken, or (unless allowed) looks like another player's.
Expected<Player> add_player(Database& db, const std::string& name,
                            LookAlikes look_alikes = LookAlikes::Refused);

/// Renames a player. The change has no game; its entry says what was done.
Expected<Change> rename_player(Database& db, const std::string& old_name,
                               const std::string& new_name);

/// Folds `from` into `into`: every seat of `from` moves to `into`, then `from` is removed.
/// Fails if both sat at the same game.
Expected<Change> merge_players(Database& db, const std::string& from, const std::string& into);

Expected<Change> retire_player(Database& db, const std::string& name);

}  // namespace crowns::store
