#pragma once
// The rules of Five Crowns as ../shared/RULES.md reads them.

#include <span>

#include "crowns/card.hpp"
#include "crowns/expected.hpp"

namespace crowns {

inline constexpr int kRounds = 11;
inline constexpr int kJokersPerBox = 6;
inline constexpr int kCopiesPerBox = 2;
inline constexpr int kJokerPoints = 50;
inline constexpr int kWildPoints = 20;
inline constexpr int kTieBreakCards = 6;

/// Cards dealt in round 1..11: 3..13.
constexpr int cards_in_round(int round) { return round + 2; }
/// The wild rank of round 1..11: the number of cards dealt (3s .. Kings).
constexpr int wild_rank_of_round(int round) { return round + 2; }
constexpr bool is_valid_round(int round) { return round >= 1 && round <= kRounds; }

/// Whether the card is wild when `wild_rank` is wild (jokers always are).
constexpr bool is_wild(Card card, int wild_rank) {
  return card.is_joker() || card.rank == wild_rank;
}

/// Points a card scores when left in hand: face value, J/Q/K 11/12/13, wild rank 20, joker 50.
constexpr int card_points(Card card, int wild_rank) {
  if (card.is_joker()) return kJokerPoints;
  if (card.rank == wild_rank) return kWildPoints;
  return card.rank;
}

/// Checks that a hand could come from `boxes` boxes: at most 2 copies of a natural card
/// and 6 jokers per box. Fails naming the card that appears too often.
Expected<void> check_copies(std::span<const Card> hand, int boxes);

/// The most points a hand of `n` cards can hold with `wild_rank` wild and `boxes` boxes.
int max_hand_points(int n, int wild_rank, int boxes);

}  // namespace crowns
