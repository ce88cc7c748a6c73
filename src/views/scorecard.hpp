#pragma once
// The scorecard of a game, for the table (fits 80 columns for 7 players) and as JSON.

#include <nlohmann/json.hpp>
#include <ostream>

#include "store/games.hpp"
#include "views/style.hpp"

namespace crowns::views {

/// How a scorecard is laid out: rounds as rows and a column per player (Wide), players as
/// rows and a column per round (Compact, fits 80 columns for 14 players), or Wide when it
/// fits the terminal and Compact when not (Auto).
enum class CardLayout { Auto, Wide, Compact };

/// Round `round`'s card count as every screen writes it ("7"), from store::Game::deal (the one
/// answer, under the game's order); "?" for a random order's round not dealt yet.
std::string deal_cards_text(const store::Game& game, int round);
/// Round `round`'s wild rank as every screen writes it ("7", "K"); "?" when not dealt yet.
std::string deal_wild_text(const store::Game& game, int round);

/// The game's rules as the screens name them: "" for the standard rules, else the house
/// options only, "order down, leads out" (crowns::describe words).
std::string house_options_text(const HouseRules& rules);

/// The terminal's width: $COLUMNS, else the width of the terminal on stdout, else 80.
std::size_t terminal_columns();

/// The rounds so far with running totals, who went out, the leader and how far each player
/// is behind, then the result or the next round's header.
void print_scorecard(std::ostream& out, const Style& style, const store::Game& game,
                     CardLayout layout = CardLayout::Auto);

/// The last lines of the scorecard alone: the result, or the next round's header.
void print_outlook(std::ostream& out, const Style& style, const store::Game& game);

nlohmann::ordered_json scorecard_json(const store::Game& game);

/// Cuts text to `width` terminal columns, ending with "…" when cut.
std::string fit(std::string_view text, std::size_t width);

}  // namespace crowns::views
