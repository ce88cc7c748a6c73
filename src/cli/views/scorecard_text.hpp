#pragma once
// The scorecard of a game in the terminal (fits 80 columns for 7 players); its JSON, which
// both doors give, is views/scorecard.hpp.

#include <ostream>
#include <string>
#include <string_view>

#include "store/games.hpp"
#include "views/style.hpp"

namespace crowns::cli {

/// How a scorecard is laid out: rounds as rows and a column per player (Wide), players as
/// rows and a column per round (Compact, fits 80 columns for 14 players), or Wide when it
/// fits the terminal and Compact when not (Auto).
enum class CardLayout { Auto, Wide, Compact };

/// The rounds so far with running totals, who went out, the leader and how far each player
/// is behind, then the result or the next round's header.
void print_scorecard(std::ostream& out, const views::Style& style, const store::Game& game,
                     CardLayout layout = CardLayout::Auto);

/// The last lines of the scorecard alone: the result, or the next round's header.
void print_outlook(std::ostream& out, const views::Style& style, const store::Game& game);

/// Cuts text to `width` terminal columns, ending with "…" when cut.
std::string fit(std::string_view text, std::size_t width);

}  // namespace crowns::cli
