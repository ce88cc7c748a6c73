#pragma once
// The cards of one or two boxes, for dealing (solitaire, benchmarks, tests).

#include <algorithm>
#include <vector>

#include "crowns/card.hpp"
#include "crowns/rules.hpp"

namespace crowns {

/// Every card of `boxes` boxes: each natural card 2 × boxes times, 6 × boxes jokers (116 a box).
inline std::vector<Card> full_deck(int boxes = 1) {
  std::vector<Card> deck;
  for (int b = 0; b < boxes * kCopiesPerBox; ++b) {
    for (int s = 0; s < kSuitCount; ++s) {
      for (int r = kMinRank; r <= kMaxRank; ++r)
        deck.push_back(Card::natural(r, static_cast<Suit>(s)));
    }
  }
  for (int j = 0; j < boxes * kJokersPerBox; ++j) deck.push_back(Card::joker());
  return deck;
}

/// The first `n` cards of a deck shuffled by `rng` (a UniformRandomBitGenerator).
template <class Rng>
std::vector<Card> deal(int n, Rng& rng, int boxes = 1) {
  auto deck = full_deck(boxes);
  std::shuffle(deck.begin(), deck.end(), rng);
  deck.resize(static_cast<std::size_t>(n));
  return deck;
}

}  // namespace crowns
