#pragma once
// Games loaded by the period, for reports: a season's scorecards in three queries.

#include <optional>
#include <string>
#include <vector>

#include "store/games.hpp"

namespace crowns::store {

/// Every game played from `from` to `to` (open ends when unset), any status, oldest first
/// (by date, then id): three queries however many games, for reports.
std::vector<Game> load_games_between(const Database& db, const std::optional<std::string>& from,
                                     const std::optional<std::string>& to);

}  // namespace crowns::store
