#pragma once
// Read-only queries for the statistics: finished games as GameResult, in a few queries
// (no query per game), and the names of players.

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "crowns/house_rules.hpp"
#include "crowns/results.hpp"
#include "store/sqlite.hpp"

namespace crowns::store {

/// What to load. Games are finished ones only (active and abandoned games never count),
/// oldest first (by date, then id).
struct ResultsQuery {
  std::optional<std::string> until;  ///< Only games on or before this date (ratings need the rest).
  /// Load round-by-round points for the games in this period...
  std::optional<Period> rounds_in;
  /// ...and, if set, only for the games this player sat at.
  std::optional<std::int64_t> rounds_of;
  /// Only games played under exactly these rules (house rules); none: every rule set.
  std::optional<HouseRules> rules{};
};

std::vector<GameResult> load_results(const Database& db, const ResultsQuery& query);

/// The game `id` as load_results loads it (no round detail); none when it is not finished.
std::optional<GameResult> load_result(const Database& db, std::int64_t id);

struct PlayerName {
  std::string name;
  bool retired = false;
};
/// Every player, by id.
std::unordered_map<std::int64_t, PlayerName> load_player_names(const Database& db);

}  // namespace crowns::store
