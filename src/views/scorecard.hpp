#pragma once
// The scorecard of a game as JSON, as both doors give it, and the words every screen uses for
// a round's cards and wild and for a game's house rules.

#include <nlohmann/json.hpp>
#include <string>

#include "store/games.hpp"

namespace crowns::views {

/// Round `round`'s card count as every screen writes it ("7"), from store::Game::deal (the one
/// answer, under the game's order); "?" for a random order's round not dealt yet.
std::string deal_cards_text(const store::Game& game, int round);
/// Round `round`'s wild rank as every screen writes it ("7", "K"); "?" when not dealt yet.
std::string deal_wild_text(const store::Game& game, int round);

/// The game's rules as the screens name them: "" for the standard rules, else the house
/// options only, "order down, leads out" (crowns::describe words).
std::string house_options_text(const HouseRules& rules);

/// The scorecard as JSON (`crowns show --json`, the page's live state); the terminal draws
/// it with cli/views/scorecard_text.hpp.
nlohmann::ordered_json scorecard_json(const store::Game& game);

}  // namespace crowns::views
