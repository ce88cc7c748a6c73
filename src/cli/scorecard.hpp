#pragma once
// The scorecard of a game, for the table (fits 80 columns for 7 players) and as JSON.

#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/style.hpp"
#include "store/games.hpp"

namespace crowns::cli {

/// "Round 3/11 · 5 cards · 5s wild · Ann deals · Bob starts".
std::string round_header(const store::Game& game, int round);

/// The rounds so far with running totals, who went out, the leader and how far each player
/// is behind, then the result or the next round's header.
void print_scorecard(std::ostream& out, const Style& style, const store::Game& game);

/// The last lines of the scorecard alone: the result, or the next round's header.
void print_outlook(std::ostream& out, const Style& style, const store::Game& game);

nlohmann::ordered_json scorecard_json(const store::Game& game);

/// Cuts text to `width` terminal columns, ending with "…" when cut.
std::string fit(std::string_view text, std::size_t width);

}  // namespace crowns::cli
