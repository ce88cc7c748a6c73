#pragma once
// A hand solved under the facts it was given (round, wild rank, dealt or drawn, boxes): what
// `crowns analyze` answers, one line of its batch or a command line. No I/O.

#include <optional>
#include <vector>

#include "crowns/card.hpp"
#include "crowns/expected.hpp"
#include "crowns/house_rules.hpp"
#include "crowns/solver.hpp"

namespace crowns {

/// A solved hand and the facts it was solved under.
struct HandReport {
  std::vector<Card> cards;
  int wild_rank = 0;
  std::optional<int> round;  ///< Known when given or when the hand size implies it.
  HandMode mode = HandMode::Dealt;
  Solution solution;
  /// Set when the cards are what a player was left holding at the end of a round that dealt
  /// this many (a typed hand in `round`): the header says so and no "goes out" is claimed,
  /// since the player who went out is the one marked 0*.
  std::optional<int> left_of_deal;
  MeldRules rules;  ///< The meld rules it was solved under (last: records are built by position).
};

/// A hand to analyze and what the user said about it.
struct HandQuery {
  std::vector<Card> cards;
  std::optional<int> round;
  std::optional<int> wild;
  HandMode mode = HandMode::Dealt;
  int boxes = 1;
  MeldRules rules;  ///< The house rules' meld switches (the standard rules by default).
};

/// Checks the hand against the deck (copies of a card in `boxes` boxes) and the round (see
/// infer_hand_round), works out the wild rank and solves it. Fails with one line naming the
/// problem; never throws for a bad hand.
Expected<HandReport> analyze_hand(HandQuery query);

}  // namespace crowns
