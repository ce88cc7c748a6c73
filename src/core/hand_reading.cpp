// Hand reading (issue 37, step 3): a particle filter over the next player's hand, weighed by a
// soft model of their moves (include/crowns/hand_reading.hpp, docs/ADVICE.md).
#include "crowns/hand_reading.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "crowns/random.hpp"
#include "crowns/rules.hpp"
#include "crowns/solver.hpp"

namespace crowns::reading {
namespace {

// The next player's moves, oldest first.
std::vector<TableMove> next_moves(const Situation& s) {
  std::vector<TableMove> moves;
  for (const auto& m : s.actions)
    if (m.seat == 1 % std::max(1, s.players)) moves.push_back(m);
  return moves;
}

// The likelihood of one move if the player holds `hand` now.
double move_likelihood(const TableMove& m, const std::vector<Card>& hand, int wild_rank,
                       const Settings& settings) {
  const double t = std::max(1e-6, settings.temperature);
  const double offered_fit = fit(hand, m.offered, wild_rank);
  const double take = 1.0 / (1.0 + std::exp(-(offered_fit - settings.take_threshold) / t));
  double p = m.took ? take : 1.0 - take;
  if (!(m.took && m.discarded == m.offered)) p *= std::exp(-fit(hand, m.discarded, wild_rank) / t);
  return std::max(p, 1e-300);
}

double likelihood_of(const std::vector<TableMove>& moves, std::size_t upto,
                     const std::vector<Card>& hand, int wild_rank, const Settings& settings) {
  double p = 1.0;
  for (std::size_t i = 0; i < upto && i < moves.size(); ++i)
    p *= move_likelihood(moves[i], hand, wild_rank, settings);
  return p;
}

void normalize(std::vector<double>& weights) {
  double sum = 0;
  for (double w : weights) sum += w;
  for (double& w : weights) w = sum > 0 ? w / sum : 1.0 / static_cast<double>(weights.size());
}

}  // namespace

double fit(const std::vector<Card>& hand, Card card, int wild_rank) {
  std::vector<Card> rest = hand;
  if (auto it = std::find(rest.begin(), rest.end(), card); it != rest.end()) rest.erase(it);
  const Card alone[] = {card};
  const int before = rest.empty() ? 0 : min_score(rest, wild_rank, HandMode::Dealt);
  rest.push_back(card);
  return before + min_score(alone, wild_rank, HandMode::Dealt) -
         min_score(rest, wild_rank, HandMode::Dealt);
}

double moves_likelihood(const Situation& s, const std::vector<Card>& hand,
                        const Settings& settings) {
  const auto moves = next_moves(s);
  return likelihood_of(moves, moves.size(), hand, wild_rank_of_round(s.round), settings);
}

std::vector<std::size_t> draw_by_weight(const std::vector<double>& weights, std::size_t n,
                                        SplitMix64& rng) {
  std::vector<std::size_t> picked;
  const double step = 1.0 / static_cast<double>(n);
  double u = step * (static_cast<double>(rng.below(1U << 20U)) / static_cast<double>(1U << 20U));
  double cumulative = 0;
  std::size_t i = 0;
  for (std::size_t k = 0; k < n; ++k, u += step) {
    while (i + 1 < weights.size() && cumulative + weights[i] < u) cumulative += weights[i++];
    picked.push_back(i);
  }
  return picked;
}

double effective_size(const std::vector<double>& weights) {
  double squares = 0;
  for (double w : weights) squares += w * w;
  return squares > 0 ? 1.0 / squares : 0.0;
}

Reading read_next_hand(const Situation& s, const Unseen& unseen, std::uint64_t seed,
                       const Settings& settings) {
  SplitMix64 rng(seed);
  const int wild_rank = wild_rank_of_round(s.round);
  const auto moves = next_moves(s);
  const auto n = static_cast<std::size_t>(std::max(1, settings.hands));
  const std::size_t size = static_cast<std::size_t>(cards_in_round(s.round));
  const std::size_t held = s.next_holds.size();

  std::vector<Card> pool;  // every unseen copy
  for (int k = 0; k < kCardKinds; ++k)
    for (int i = 0; i < unseen.count[static_cast<std::size_t>(k)]; ++i)
      pool.push_back(card_of_kind(k));

  Reading r;
  for (std::size_t p = 0; p < n; ++p) {
    std::vector<Card> deck = pool;
    std::vector<Card> hand = s.next_holds;
    while (hand.size() < size && !deck.empty()) {
      const auto j = static_cast<std::size_t>(rng.below(deck.size()));
      hand.push_back(deck[j]);
      deck[j] = deck.back();
      deck.pop_back();
    }
    r.hands.push_back(std::move(hand));
  }
  r.weights.assign(n, 1.0 / static_cast<double>(n));

  // One rejuvenating step for a particle: swap one dealt card for another unseen copy, kept by
  // the Metropolis rule on the likelihood of the moves so far.
  auto rejuvenate = [&](std::vector<Card>& hand, std::size_t upto) {
    if (hand.size() <= held || pool.empty()) return;
    const auto slot = held + static_cast<std::size_t>(rng.below(hand.size() - held));
    const Card c = pool[static_cast<std::size_t>(rng.below(pool.size()))];
    const auto copies = std::count(hand.begin() + static_cast<std::ptrdiff_t>(held), hand.end(), c);
    if (copies >= unseen.count[static_cast<std::size_t>(kind_of(c))]) return;
    std::vector<Card> proposal = hand;
    proposal[slot] = c;
    const double now = likelihood_of(moves, upto, hand, wild_rank, settings);
    const double then = likelihood_of(moves, upto, proposal, wild_rank, settings);
    const double u = static_cast<double>(rng.below(1U << 20U)) / static_cast<double>(1U << 20U);
    if (then >= now || u * now < then) hand = std::move(proposal);
  };

  for (std::size_t i = 0; i < moves.size(); ++i) {
    for (std::size_t p = 0; p < n; ++p)
      r.weights[p] *= move_likelihood(moves[i], r.hands[p], wild_rank, settings);
    normalize(r.weights);
    if (effective_size(r.weights) < settings.resample_below * static_cast<double>(n)) {
      const auto picked = draw_by_weight(r.weights, n, rng);
      std::vector<std::vector<Card>> next;
      next.reserve(n);
      for (std::size_t p : picked) next.push_back(r.hands[p]);
      for (std::size_t p = 1; p < n; ++p)
        if (picked[p] == picked[p - 1]) rejuvenate(next[p], i + 1);
      r.hands = std::move(next);
      r.weights.assign(n, 1.0 / static_cast<double>(n));
      ++r.resamples;
    }
  }
  return r;
}

}  // namespace crowns::reading
