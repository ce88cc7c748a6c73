#pragma once
// Hand reading (issue 37, step 3): what the next player may hold, read from the round's public
// moves. A weighted set of possible hands (their known pickups plus cards dealt from the unseen
// ones), each weighed by how likely every move the next player made is under a soft model of
// play, with resampling when the weights thin. Deterministic given a seed. Used by the
// `readreply` bench strategy only (docs/ADVICE.md); the advisor does not read hands.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "crowns/advice.hpp"
#include "crowns/card.hpp"
#include "crowns/random.hpp"
#include "crowns/unseen.hpp"

namespace crowns::reading {

/// The soft model of the next player's moves.
///
/// With `hands_then` off (the first cut): a card's fit to a hand is how many points it saves
/// there: the hand's score plus the card's points less the score of the hand with it (0 for a
/// card that melds with nothing; the whole meld's points for one that completes a meld). They
/// take an offered card with chance sigmoid((fit - take_threshold) / temperature), else pass
/// it; they throw a card with a factor exp(-fit / temperature). Each move is weighed against
/// the hand they hold now, an approximation.
///
/// With `hands_then` on: each move is weighed against the hand they held *then*, rebuilt
/// backwards from the hand now (the cards thrown since put back, the cards taken since set
/// aside, and for each deck draw since, one of the cards set aside at random: that choice is
/// part of the particle). Take: sigmoid((gain - take_threshold) / temperature), where gain is
/// the points the offered card saves: the score before drawing less the best score after taking
/// it and throwing another card. Throw: a softmax over the cards they could throw of
/// -score(kept) / discard_temperature (the expected-value player throws to keep low).
struct Settings {
  int hands = 24;               ///< Particles.
  double temperature = 3.0;     ///< Points: higher is softer (every hand alike as it grows).
  double take_threshold = 3.0;  ///< The fit (or gain) at which taking and passing are even.
  double resample_below = 0.5;  ///< Resample when the effective sample size falls under this share.
  bool hands_then = false;      ///< Weigh each move against the hand held then (above).
  double discard_temperature = 3.0;  ///< The throw's softmax temperature (hands_then only).
  int moves_per_particle = 4;  ///< Metropolis steps per particle after a resample (hands_then).
  /// hands_then only: weigh each move by the expected-value player's own decision values on the
  /// hand then (selfplay::LookaheadValues over the box less that hand, no jokers), not the
  /// approximations above: take with chance sigmoid((draw - take) / temperature), where take
  /// is the value after taking and its best discard and draw the value of a deck draw (always
  /// when taking goes out); throw by a softmax over the cards it may throw of -value(kept) /
  /// discard_temperature (only a card that goes out, when one does). At a low temperature,
  /// near the exact likelihood of that player's moves: the best reading there can be of them
  /// (slow: a bound for bench_reading, not for play).
  bool exact_model = false;
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
double fit(const std::vector<Card>& hand, Card card, int wild_rank, MeldRules rules);

/// The likelihood of the next player's moves (seat 1 of s.actions) if they hold `hand` now.
double moves_likelihood(const Situation& s, const std::vector<Card>& hand,
                        const Settings& settings);

/// Reads the next player's hand from s.actions. `unseen` is check_situation(s).
Reading read_next_hand(const Situation& s, const Unseen& unseen, std::uint64_t seed,
                       const Settings& settings = {});

/// The chance, under the hands-then model, that a player holding `before` (before drawing)
/// takes (`took`) or passes `offered`.
double take_likelihood(const std::vector<Card>& before, Card offered, bool took, int wild_rank,
                       MeldRules rules, const Settings& settings);
/// The chance, under the hands-then model, that a player holding `at_discard` (after drawing)
/// throws `discarded`; `must_keep` (a card just taken) is not a candidate.
double discard_likelihood(const std::vector<Card>& at_discard, Card discarded,
                          std::optional<Card> must_keep, int wild_rank, MeldRules rules,
                          const Settings& settings);

/// The chance, under the exact model (Settings::exact_model), that the expected-value player
/// holding `before` takes (`took`) or passes `offered`; `boxes` sets the cards it draws from.
double exact_take_likelihood(const std::vector<Card>& before, Card offered, bool took,
                             int wild_rank, MeldRules rules, int boxes, const Settings& settings);
/// The chance, under the exact model, that the expected-value player holding `at_discard`
/// throws `discarded` (never `must_keep`, a card just taken, unless it is the only card).
double exact_discard_likelihood(const std::vector<Card>& at_discard, Card discarded,
                                std::optional<Card> must_keep, int wild_rank, MeldRules rules,
                                int boxes, const Settings& settings);

/// The effective sample size of normalized weights: 1 / sum of their squares.
double effective_size(const std::vector<double>& weights);

/// `n` indices drawn by normalized `weights` (systematic resampling: one uniform offset, then
/// evenly spaced over the cumulative weights), in order.
std::vector<std::size_t> draw_by_weight(const std::vector<double>& weights, std::size_t n,
                                        SplitMix64& rng);

}  // namespace crowns::reading
