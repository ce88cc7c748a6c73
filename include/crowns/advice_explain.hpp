#pragma once
// What the advisor's answer means for the hand: the cards kept after the recommended play,
// the melds they make, the outs (the unseen cards that would put the hand out on the next
// draw) and the odds within 1 and 2 draws. Explanation only: it never changes a decision
// (advice.hpp decides). No I/O.

#include <optional>
#include <vector>

#include "crowns/advice.hpp"
#include "crowns/solver.hpp"

namespace crowns {

/// The hand a play leaves, and what it is building.
struct Plan {
  std::optional<Card> discard;  ///< The card thrown (none when the play keeps the hand to draw).
  std::vector<Card> keep;       ///< The cards held after the play: round+2 of them.
  Solution lay_down;            ///< The best lay-down of `keep` now (melds, cards left, score).
  bool goes_out = false;        ///< The play goes out: no outs, no odds.
  /// The unseen cards with which the next draw goes out (one per kind, in card order), and
  /// how many unseen copies they are. Empty on the last turn after the draw (no draw follows).
  std::vector<Card> outs;
  int outs_count = 0;
  /// The chance to go out within 1 and 2 draws from the deck (p1 = outs_count / unseen);
  /// none when the play goes out or no draw follows.
  std::optional<double> out_1;
  std::optional<double> out_2;
};

/// The plan of keeping `keep` (round+2 cards): its lay-down under the meld rules `rules`, and,
/// when `draws_follow`, its outs and odds against `unseen`.
Plan plan_of_keep(std::vector<Card> keep, std::optional<Card> discard, int round, MeldRules rules,
                  const Unseen& unseen, bool draws_follow);

/// A draw decision's recommended play: taking keeps hand + top - discard (its outs are those of
/// the next turn's draw); drawing keeps the hand (its outs are those of this draw).
Plan plan_of_draw(const Situation& s, const Unseen& unseen, const DrawAdvice& advice);
/// What taking the top card does (whatever the advice): hand + top - the take discard.
Plan plan_of_take(const Situation& s, const Unseen& unseen, const DrawAdvice& advice);
/// A discard decision's recommended discard (the first option).
Plan plan_of_discard(const Situation& s, const Unseen& unseen, const DiscardAdvice& advice);

}  // namespace crowns
