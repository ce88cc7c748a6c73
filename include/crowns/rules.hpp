#pragma once
// The rules of Five Crowns as docs/RULES.md reads them.

#include <span>

#include "crowns/card.hpp"
#include "crowns/expected.hpp"
#include "crowns/house_rules.hpp"

namespace crowns {

inline constexpr int kRounds = 11;
inline constexpr int kJokersPerBox = 6;
inline constexpr int kCopiesPerBox = 2;
inline constexpr int kJokerPoints = 50;
inline constexpr int kWildPoints = 20;
inline constexpr int kTieBreakCards = 6;
/// Cards in one box: 5 suits of 3 to K, each twice, and 6 jokers (116).
inline constexpr int kCardsPerBox = kSuitCount * kRankCount * kCopiesPerBox + kJokersPerBox;

/// Players and boxes: a game seats 2 to 8 players on one box (with 8 the discard pile is
/// reshuffled into the draw pile when it runs out in the last round) and up to 14 on two.
inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxBoxes = 2;
inline constexpr int kMaxPlayers = 14;  ///< On kMaxBoxes boxes; also the most seats a game has.
constexpr bool is_valid_boxes(int boxes) {
  return boxes >= 1 && boxes <= kMaxBoxes;
}
/// The most players `boxes` (1 or 2) boxes seat.
constexpr int max_players(int boxes) {
  return boxes <= 1 ? 8 : kMaxPlayers;
}

/// The boxes a table of `players` needs when nobody says: one box while it seats them, else
/// two. Every door starts a game this way (`crowns new` without --boxes, the phone's form).
constexpr int boxes_for(int players) {
  return players > max_players(1) ? 2 : 1;
}

/// Cards dealt in round 1..11: 3..13.
constexpr int cards_in_round(int round) {
  return round + 2;
}
/// The wild rank of round 1..11: the number of cards dealt (3s .. Kings).
constexpr int wild_rank_of_round(int round) {
  return round + 2;
}
constexpr bool is_valid_round(int round) {
  return round >= 1 && round <= kRounds;
}

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

/// The most points a hand of `cards` cards (3..13) can hold at the end of a round that deals
/// that many with the same rank wild (every round, and the 6-card tie-break), once its best
/// lay-down is made: 75 in round 1 (a joker, a K and a Q of different suits) ... The same
/// with one box or two. Derived by an exhaustive search with the solver, which
/// tests/unit/test_max_points.cpp repeats; 0 outside 3..13.
int max_round_points(int cards);
/// The same under the game's meld rules. Under the standard melds, max_round_points(cards);
/// under any other a bound, not the exact most: a hand with a meld that no longer counts can
/// be left whole, so the bound is every card a joker (50 points each). The strict checks
/// then refuse only what no hand can hold.
int max_round_points(int cards, MeldRules melds);

}  // namespace crowns
