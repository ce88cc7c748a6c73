#pragma once
// The best lay-down of each hand typed as a round's value, printed under the round.

#include <optional>
#include <ostream>
#include <vector>

#include "crowns/scoring.hpp"
#include "store/games.hpp"
#include "store/rounds.hpp"
#include "views/style.hpp"

namespace crowns::cli {

/// Prints the best lay-down of each hand-valued score, so a missed meld is seen at once.
void print_hands(std::ostream& out, const views::Style& style, const store::Game& game,
                 const std::vector<store::SeatScore>& scores, const RoundSpec& spec,
                 std::optional<int> round);

}  // namespace crowns::cli
