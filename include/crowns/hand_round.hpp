#pragma once
// Which round a hand belongs to, and so which rank is wild: from the round when it is given,
// else from --wild, else from the number of cards (a hand of n cards is round n - 2's).

#include <optional>
#include <string>

#include "crowns/expected.hpp"
#include "crowns/solver.hpp"

namespace crowns {

struct HandRound {
  std::optional<int> round;  ///< None when the wild rank was given and no round deals this hand.
  int wild_rank = 0;
};

/// The round that deals a hand of `cards` cards (3..13 cards: rounds 1..11), counting the drawn
/// card as one of them in HandMode::Drawn; none when no round deals that many. The one place a
/// hand's size says its round.
std::optional<int> round_of_hand(int cards, HandMode mode);

/// "round 12 is out of range (rounds are 1-11)".
std::string round_out_of_range(long long round);

/// Works out the round and the wild rank of a hand of `cards` cards (one of them the drawn
/// card in HandMode::Drawn), given the round and the wild rank if the user named them. Fails,
/// saying what fits, when the round is out of range, deals another number of cards, has
/// another wild rank, or no round deals a hand of this size.
Expected<HandRound> infer_hand_round(int cards, HandMode mode, std::optional<int> round,
                                     std::optional<int> wild_rank);

}  // namespace crowns
