#pragma once
// The chance of going out within 1, 2, ... K of your own draws from the deck. No I/O.
//
// unseen = the box(es) minus the hand, the top discard and the seen cards; every unseen copy is
// equally likely to be the next deck card. p1 = the share of unseen cards with which the hand
// (plus that card) goes out. p2 = p1 + the sum over cards c that do not go out of P(c) x the
// largest p1 of the hand after drawing c and the best discard (the second card comes from the
// unseen cards minus c). Both are exact; from K = 3 on the figure is a seeded Monte-Carlo
// estimate of the same policy (discard for the largest p1) with a 95% margin.

#include <cstdint>
#include <span>
#include <vector>

#include "crowns/card.hpp"
#include "crowns/unseen.hpp"

namespace crowns {

struct OutChance {
  double p = 0;
  bool exact = true;
  double margin = 0;  ///< 95% half-width when sampled; 0 when exact.
};

struct OddsOptions {
  int turns = 3;       ///< K: 1..10.
  int samples = 2000;  ///< Monte-Carlo games for K >= 3.
  std::uint64_t seed = 1;
};

/// p1 for a hand of n cards (before the draw) with `wild_rank` wild.
double out_chance_one_draw(std::span<const Card> hand, int wild_rank, const Unseen& unseen);
/// The unseen cards with which the hand (plus that card) goes out: one card per kind, in card
/// order (their copies are counted in `unseen`). The cards behind p1: the hand's "outs".
std::vector<Card> out_cards(std::span<const Card> hand, int wild_rank, const Unseen& unseen);
/// p2 as defined above.
double out_chance_two_draws(std::span<const Card> hand, int wild_rank, const Unseen& unseen);
/// p1 .. pK.
std::vector<OutChance> out_within(std::span<const Card> hand, int wild_rank, const Unseen& unseen,
                                  const OddsOptions& options);

}  // namespace crowns
