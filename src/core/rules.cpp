#include "crowns/rules.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace crowns {

Expected<void> check_copies(std::span<const Card> hand, int boxes) {
  std::array<int, std::size_t{16} * 8> copies{};
  int jokers = 0;
  for (Card c : hand) {
    if (c.is_joker()) {
      if (++jokers > kJokersPerBox * boxes) {
        return Failure{"more than " + std::to_string(kJokersPerBox * boxes) +
                           " jokers: " + (boxes == 1 ? "one box holds 6" : "two boxes hold 12"),
                       {.kind = boxes == 1 ? HintKind::CombinedGame : HintKind::None}};
      }
    } else if (++copies[(static_cast<std::size_t>(c.rank) * 8) + static_cast<std::size_t>(c.suit)] >
               kCopiesPerBox * boxes) {
      return Failure{"more than " + std::to_string(kCopiesPerBox * boxes) + " copies of " +
                         to_string(c) + ": " +
                         (boxes == 1 ? "one box holds each card twice"
                                     : "two boxes hold each card four times"),
                     {.kind = boxes == 1 ? HintKind::CombinedGame : HintKind::None}};
    }
  }
  return {};
}

int max_round_points(int cards) {
  // Index: cards - 3. Reached by, e.g. (one box or two):
  //   3  jk Ks Qh                        75
  //   6  jk Ks Qh Jc 10d 9*             105 (the tie-break)
  //  11  jk Ks Qh 10c 9d 8* 7s 6h 5c 4d 3*  127
  //  12  Ks Ks Js Js 10s 10s 9h 9h 8s 8s 7s 7s (Queens wild)  116
  //  13  Qs Qs Js Js 10h 10h 9s 9s 8s 8s 7h 7h 6s (Kings wild)  120
  static constexpr std::array<int, 11> kMost = {75, 86, 96, 105, 113, 118, 122, 125, 127, 116, 120};
  if (cards < 3 || cards > 13) return 0;
  return kMost[static_cast<std::size_t>(cards - 3)];
}

int max_round_points(int cards, MeldRules melds) {
  if (melds == MeldRules{}) return max_round_points(cards);
  if (cards < 3 || cards > 13) return 0;
  return cards * kJokerPoints;
}

}  // namespace crowns
