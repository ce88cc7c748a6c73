#pragma once
// Seasons: named date ranges that never overlap, so a game's date puts it in at most one.
// Without any season defined, each calendar year is a season (see resolve in cli/period).
// Every write function expects to run inside the caller's transaction and logs itself.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "crowns/expected.hpp"
#include "store/sqlite.hpp"

namespace crowns::store {

struct Season {
  std::int64_t id = 0;
  std::string name;
  std::string starts_on;               ///< YYYY-MM-DD, the first day.
  std::optional<std::string> ends_on;  ///< The last day; none: still running.
};

/// Every season, earliest first.
std::vector<Season> list_seasons(const Database& db);

/// The season named `name` (ignoring case), or fails with "did you mean".
Expected<Season> require_season(const Database& db, const std::string& name);

/// The season holding `date`, if any.
std::optional<Season> season_on(const Database& db, const std::string& date);

/// Adds a season. Fails on a bad name or date, an end before the start, a name in use,
/// or an overlap with another season (naming it).
Expected<Season> add_season(Database& db, const std::string& name, const std::string& from,
                            const std::optional<std::string>& to);

/// What `season edit` changes; unset fields stay. `open_end` removes the end date.
struct SeasonEdit {
  std::optional<std::string> name;
  std::optional<std::string> from;
  std::optional<std::string> to;
  bool open_end = false;
};
Expected<Season> edit_season(Database& db, const std::string& name, const SeasonEdit& edit);

/// Removes a season (its games stay, of course).
Expected<Season> remove_season(Database& db, const std::string& name);

}  // namespace crowns::store
