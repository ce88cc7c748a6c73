#pragma once
// Hand reading (issue 37, step 3): what the next player may hold, read from the round's public
// moves. A weighted set of possible hands (their known pickups plus cards dealt from the unseen
// ones), each weighed by how likely every move the next player made is under a soft model of
// play, with resampling when the weights thin. Deterministic given a seed. Used by the
// `readreply` bench strategy only (docs/ADVICE.md); the advisor does not read hands.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "crowns/advice.hpp"
#include "crowns/card.hpp"
#include "crowns/random.hpp"
#include "crowns/unseen.hpp"

namespace crowns::reading {

/// The soft model of the next player's moves. A card's fit to a hand is how many points it
/// saves there: the hand's score plus the card's points less the score of the hand with it
/// (0 for a card that melds with nothing; the whole meld's points for one that completes a
/// meld). They take an offered card with chance sigmoid((fit - take_threshold) / temperature),
/// else pass it; they throw a card with chance proportional to exp(-fit / temperature) (a card
/// that fits their hand is rarely thrown). Each move is weighed against the hand they hold now
/// (not the hand they held then: their draws are unknown), an approximation.
struct Settings {
  int hands = 24;               ///< Particles.
  double temperature = 3.0;     ///< Points: higher is softer (every hand alike as it grows).
  double take_threshold = 3.0;  ///< The fit at which taking and passing are even.
  double resample_below = 0.5;  ///< Resample when the effective sample size falls under this share.
};

/// The next player's possible hands (each round+2 cards, or fewer when the unseen cards run
/// short) and their weights (summing to 1).
struct Reading {
  std::vector<std::vector<Card>> hands;
  std::vector<double> weights;
  int resamples = 0;  ///< How often the weights thinned and were resampled.
};

/// How many points `card` saves in `hand` (the fit of the soft model); `hand` holds the card
/// or not (one copy of it is set aside first).
double fit(const std::vector<Card>& hand, Card card, int wild_rank);

/// The likelihood of the next player's moves (seat 1 of s.actions) if they hold `hand` now.
double moves_likelihood(const Situation& s, const std::vector<Card>& hand,
                        const Settings& settings);

/// Reads the next player's hand from s.actions. `unseen` is check_situation(s).
Reading read_next_hand(const Situation& s, const Unseen& unseen, std::uint64_t seed,
                       const Settings& settings = {});

/// The effective sample size of normalized weights: 1 / sum of their squares.
double effective_size(const std::vector<double>& weights);

/// `n` indices drawn by normalized `weights` (systematic resampling: one uniform offset, then
/// evenly spaced over the cumulative weights), in order.
std::vector<std::size_t> draw_by_weight(const std::vector<double>& weights, std::size_t n,
                                        SplitMix64& rng);

}  // namespace crowns::reading
