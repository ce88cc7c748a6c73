#include "cli/views/round_hands.hpp"

#include "views/hand.hpp"

namespace crowns::cli {

void print_hands(std::ostream& out, const views::Style& style, const store::Game& game,
                 const std::vector<store::SeatScore>& scores, const RoundSpec& spec,
                 std::optional<int> round) {
  for (const auto& s : scores) {
    if (!s.entry.solution) continue;
    // The standard rules: a game does not carry house rules yet (issue 47).
    HandReport report{.cards = s.entry.hand,
                      .wild_rank = spec.wild_rank,
                      .round = round,
                      .mode = HandMode::Dealt,
                      .solution = *s.entry.solution,
                      .left_of_deal = spec.cards,
                      .rules = MeldRules{}};
    out << sanitize(game.seats[static_cast<std::size_t>(s.seat)].name) << "'s hand:\n";
    print_hand(out, style, report, "  ");
  }
}

}  // namespace crowns::cli
