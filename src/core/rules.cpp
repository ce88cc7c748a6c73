#include "crowns/rules.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace crowns {

Expected<void> check_copies(std::span<const Card> hand, int boxes) {
  std::array<int, 16 * 8> copies{};
  int jokers = 0;
  for (Card c : hand) {
    if (c.is_joker()) {
      if (++jokers > kJokersPerBox * boxes) {
        return Failure{"more than " + std::to_string(kJokersPerBox * boxes) + " jokers: " +
                       (boxes == 1 ? "one box holds 6 (use --boxes 2 for a combined game)"
                                   : "two boxes hold 12")};
      }
    } else if (++copies[static_cast<std::size_t>(c.rank * 8 + static_cast<int>(c.suit))] >
               kCopiesPerBox * boxes) {
      return Failure{"more than " + std::to_string(kCopiesPerBox * boxes) + " copies of " +
                     to_string(c) + ": " +
                     (boxes == 1 ? "one box holds each card twice (use --boxes 2 for a combined game)"
                                 : "two boxes hold each card four times")};
    }
  }
  return {};
}

int max_hand_points(int n, int wild_rank, int boxes) {
  // Greedy: the most valuable cards first (jokers, then wild-rank cards, then K, Q, ...).
  int left = n;
  int points = 0;
  const int jokers = std::min(left, kJokersPerBox * boxes);
  points += jokers * kJokerPoints;
  left -= jokers;
  const int wilds = std::min(left, kCopiesPerBox * boxes * kSuitCount);
  points += wilds * kWildPoints;
  left -= wilds;
  for (int rank = kMaxRank; rank >= kMinRank && left > 0; --rank) {
    if (rank == wild_rank) continue;
    const int take = std::min(left, kCopiesPerBox * boxes * kSuitCount);
    points += take * rank;
    left -= take;
  }
  return points;
}

}  // namespace crowns
