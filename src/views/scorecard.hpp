#pragma once
// The scorecard of a game as JSON, as both doors give it.

#include <nlohmann/json.hpp>

#include "store/games.hpp"

namespace crowns::views {

/// The scorecard as JSON (`crowns show --json`, the page's live state); the terminal draws
/// it with cli/views/scorecard_text.hpp.
nlohmann::ordered_json scorecard_json(const store::Game& game);

}  // namespace crowns::views
