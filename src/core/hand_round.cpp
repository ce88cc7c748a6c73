#include "crowns/hand_round.hpp"

#include <string>

#include "crowns/card.hpp"
#include "crowns/plural.hpp"
#include "crowns/rules.hpp"

namespace crowns {

std::optional<int> round_of_hand(int cards, HandMode mode) {
  const int dealt = cards - (mode == HandMode::Drawn ? 1 : 0);
  const int round = dealt - (cards_in_round(1) - 1);
  if (!is_valid_round(round)) return std::nullopt;
  return round;
}

std::string round_out_of_range(long long round) {
  return "round " + std::to_string(round) + " is out of range (rounds are 1-11)";
}

Expected<HandRound> infer_hand_round(int cards, HandMode mode, std::optional<int> round,
                                     std::optional<int> wild_rank) {
  const bool drawn = mode == HandMode::Drawn;
  const int n = cards - (drawn ? 1 : 0);  // the cards dealt
  if (round) {
    if (!is_valid_round(*round)) {
      return Failure{round_out_of_range(*round)};
    }
    if (n != cards_in_round(*round)) {
      return Failure{"round " + std::to_string(*round) + " deals " +
                         std::to_string(cards_in_round(*round)) + " cards" +
                         (drawn ? " plus the drawn card" : "") + ", but the hand has " +
                         std::to_string(cards),
                     {.kind = !drawn && n == cards_in_round(*round) + 1 ? HintKind::HoldsDrawn
                                                                        : HintKind::None,
                      .round = *round}};
    }
    if (wild_rank && *wild_rank != wild_rank_of_round(*round)) {
      return Failure{std::string(rank_name(*wild_rank)) + "s are not wild in round " +
                     std::to_string(*round) + " (" +
                     std::string(rank_name(wild_rank_of_round(*round))) + "s are)"};
    }
    return HandRound{round, wild_rank_of_round(*round)};
  }
  if (wild_rank) {
    if (n < 1 || n > cards_in_round(kRounds)) {
      return Failure{"a hand of " + counted(cards, "card") + " is too " +
                         (n < 1 ? "small" : "large") + " (1 to 13 cards" +
                         (drawn ? " plus the drawn card)" : ")"),
                     {.kind = drawn ? HintKind::None : HintKind::OneMoreDrawn}};
    }
    // The hand of the round whose wild rank was named, or of no round at all.
    const auto dealt_round = round_of_hand(cards, mode);
    const bool wild_of_it = dealt_round && wild_rank_of_round(*dealt_round) == *wild_rank;
    return HandRound{wild_of_it ? dealt_round : std::nullopt, *wild_rank};
  }
  const auto dealt_round = round_of_hand(cards, mode);
  if (drawn && !dealt_round) {
    return Failure{
        "a hand with the drawn card has 4 to 14 cards (a round's 3 to 13 plus the drawn card), "
        "but the hand has " +
        counted(cards, "card")};
  }
  if (!dealt_round) {
    return Failure{
        "a hand of " + counted(cards, "card") + " does not fit any round (3 to 13 cards)",
        {.kind = HintKind::OtherSize}};
  }
  return HandRound{dealt_round, wild_rank_of_round(*dealt_round)};
}

}  // namespace crowns
