#pragma once
// The chance of going out within 1, 2, ... K of your own draws from the deck. No I/O.
//
// unseen = the box(es) minus the hand, the top discard and the seen cards; every unseen copy is
// equally likely to be the next deck card. p1 = the share of unseen cards with which the hand
// (plus that card) goes out. p2 = p1 + the sum over cards c that do not go out of P(c) x the
// largest p1 of the hand after drawing c and the best discard (the second card comes from the
// unseen cards minus c). Both are exact; from K = 3 on the figure is a seeded Monte-Carlo
// estimate of the same policy (discard for the largest p1) with its 95% Wilson interval.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "crowns/card.hpp"
#include "crowns/expected.hpp"
#include "crowns/house_rules.hpp"
#include "crowns/interval.hpp"
#include "crowns/unseen.hpp"

namespace crowns {

struct OutChance {
  double p = 0;
  bool exact = true;
  double margin = 0;  ///< The interval's half-width when sampled; 0 when exact.
  Interval interval;  ///< The 95% Wilson interval when sampled; {p, p} when exact.
};

struct OddsOptions {
  int turns = 3;       ///< K: 1..10.
  int samples = 2000;  ///< Monte-Carlo games for K >= 3.
  std::uint64_t seed = 1;
};

/// The round of a hand of `cards` cards before its draw (round+2) when none is given. Fails
/// saying which sizes fit.
Expected<int> odds_round(int cards);

/// Checks a hand whose odds are asked (the round, the hand's size before its draw, no more
/// copies of a card than `boxes` hold) and returns the unseen cards: what check_situation of
/// crowns/advice.hpp is to advice. Fails with one line naming the problem.
Expected<Unseen> check_odds_hand(int round, std::span<const Card> hand, std::span<const Card> seen,
                                 std::optional<Card> top, int boxes);

/// p1 for a hand of n cards (before the draw) with `wild_rank` wild, going out under the meld
/// rules `rules` (every function here takes them: a hand out under one rule set may not be
/// under another).
double out_chance_one_draw(std::span<const Card> hand, int wild_rank, const Unseen& unseen,
                           MeldRules rules);
/// The unseen cards with which the hand (plus that card) goes out: one card per kind, in card
/// order (their copies are counted in `unseen`). The cards behind p1: the hand's "outs".
std::vector<Card> out_cards(std::span<const Card> hand, int wild_rank, const Unseen& unseen,
                            MeldRules rules);
/// p2 as defined above.
double out_chance_two_draws(std::span<const Card> hand, int wild_rank, const Unseen& unseen,
                            MeldRules rules);
/// p1 .. pK.
std::vector<OutChance> out_within(std::span<const Card> hand, int wild_rank, const Unseen& unseen,
                                  MeldRules rules, const OddsOptions& options);

}  // namespace crowns
