#pragma once
// Determinized rollouts for the advisor (docs/ADVICE.md, "Rollouts"): the cards a player cannot
// see are dealt out consistently with what the player knows (the opponents' hands, the stock),
// and the rest of the round is played out with a cheap policy, to compare a few close candidate
// plays on the same deals. No I/O.

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "crowns/advice.hpp"
#include "crowns/card.hpp"
#include "crowns/random.hpp"
#include "crowns/unseen.hpp"

namespace crowns {

/// One way the hidden cards could lie.
struct Determinization {
  /// The other players' hands (round+2 cards each, fewer only when the unseen cards run short),
  /// in the order they play after this player: [0] is the next player, who holds
  /// Situation::next_holds.
  std::vector<std::vector<Card>> opponents;
  std::vector<Card> stock;   ///< Drawn from the back.
  std::vector<Card> buried;  ///< Unseen cards in neither: under the discard pile.
};

/// Deals the unseen cards: the next player gets next_holds plus unseen cards, every other
/// player unseen cards, the stock `s.stock` cards (all the rest when it is not given) and what
/// remains is buried. Uses only unseen copies, so every card's count is respected.
Determinization determinize(const Situation& s, const Unseen& unseen, SplitMix64& rng);

/// A seed that depends only on what the situation says, so the same question gets the same
/// answer.
std::uint64_t situation_seed(const Situation& s);

/// Plays the rest of a round from one determinization after this player's turn: this player
/// holds `hand` (round+2 cards) and the discard pile is `pile` (its top card last: the card this
/// player just threw); then every player in turn plays the greedy policy (take the top discard
/// when it is wild or lowers the hand's score, else draw; throw the card that leaves the lowest
/// score), dead discards reshuffled into the stock with the buried cards when it runs out, until
/// someone goes out and the others have had their last turn. Returns this player's points minus
/// the other players' mean points. `seed` drives the reshuffles only.
/// `mine`, when given, chooses this player's discards instead of greedy (from the n+1 cards
/// held and the card just taken, which must be kept).
using DiscardPolicy = std::function<Card(const std::vector<Card>& hand, std::optional<Card> keep)>;
double rollout_difference(const Situation& s, const Determinization& d, std::vector<Card> hand,
                          std::vector<Card> pile, std::uint64_t seed,
                          const DiscardPolicy& mine = nullptr);

}  // namespace crowns
