#pragma once
// The order of the rounds under the house rules: each round's card count and wild rank, for
// rounds that come up (3..13, the standard), down (13..3) or in a fair random order.

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "crowns/house_rules.hpp"
#include "crowns/random.hpp"
#include "crowns/rules.hpp"

namespace crowns {

/// What one round deals: its card count (3..13) and its wild rank, which is always the card
/// count (docs/RULES.md), whatever the order.
struct RoundDeal {
  int cards = 0;
  int wild_rank = 0;
  friend bool operator==(const RoundDeal&, const RoundDeal&) = default;
};

/// Rounds 1..11 at indexes 0..10.
using RoundSequence = std::array<RoundDeal, kRounds>;

/// Every round's deal under `order`. Up is 3, 4, ... 13 (cards_in_round); down is 13, 12, ...
/// 3; random is a fair shuffle of the 11 card counts drawn from `seed` (the same seed, the
/// same sequence, with every compiler: SplitMix64 and fair_shuffle). `seed` is read only for
/// RoundOrder::Random.
RoundSequence round_sequence(RoundOrder order, std::uint64_t seed = 0);

/// The deal of a round of `cards` cards (3..13), in any order: the wild rank is the card count.
RoundDeal deal_of_cards(int cards);

/// Round `round`'s (1..11) deal: round_sequence(order, seed)[round - 1].
RoundDeal round_deal(RoundOrder order, int round, std::uint64_t seed = 0);
/// Round `round`'s deal in a game of `order` whose random rounds dealt so far are `dealt`
/// (card counts, round 1 first; read only for RoundOrder::Random): none for a round out of
/// 1..11 or a random round not dealt yet. What store::Game::deal and the statistics read.
std::optional<RoundDeal> game_round_deal(RoundOrder order, std::span<const int> dealt, int round);

/// Fisher-Yates: every order of `items` equally likely when `below(k)` is uniform in [0, k).
/// `below` is a parameter so that tests can drive it through every choice.
template <class T, class Below>
void fair_shuffle(std::span<T> items, Below&& below) {
  for (std::size_t i = items.size(); i > 1; --i) {
    const auto j = static_cast<std::size_t>(below(static_cast<std::uint64_t>(i)));
    std::swap(items[i - 1], items[j]);
  }
}

/// The same with SplitMix64's unbiased below().
template <class T>
void fair_shuffle(std::span<T> items, SplitMix64& rng) {
  fair_shuffle(items, [&rng](std::uint64_t k) { return rng.below(k); });
}

}  // namespace crowns
