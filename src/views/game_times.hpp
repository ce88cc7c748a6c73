#pragma once
// A game's times (store/timeline.hpp) for a person and in JSON: `show`, the phone, `tonight`.

#include <nlohmann/json.hpp>
#include <string>

#include "store/db.hpp"
#include "store/games.hpp"
#include "store/timeline.hpp"

namespace crowns::views {

/// "2 h 08 min (2026-01-15 19:04 to 21:12 UTC)", "40 min so far (started 19:04 UTC)",
/// "not known (imported without times)". `now` for a game under way.
std::string game_times_text(const store::timeline::GameTimes& times, store::timeline::UnixTime now);

/// Adds started_at, ended_at (ISO 8601 UTC or null), duration_s (null unless over and known),
/// elapsed_s (a game under way: seconds since its start) and each round's recorded_at to a
/// scorecard_json() object.
void add_game_times(nlohmann::ordered_json& card, const store::timeline::GameTimes& times,
                    store::timeline::UnixTime now);

/// A game as `crowns show --json` prints it (and every write's --json after the change): the
/// scorecard_json() object, `change` (the state a write names with --seen) and its times.
nlohmann::ordered_json game_json(const store::Database& db, const store::Game& game);

}  // namespace crowns::views
