// Hand reading (issue 37, step 3): a particle filter over the next player's hand, weighed by a
// soft model of their moves (include/crowns/hand_reading.hpp, docs/ADVICE.md).
#include "crowns/hand_reading.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>

#include "crowns/random.hpp"
#include "crowns/rules.hpp"
#include "crowns/selfplay.hpp"
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
                       MeldRules rules, const Settings& settings) {
  const double t = std::max(1e-6, settings.temperature);
  const double offered_fit = fit(hand, m.offered, wild_rank, rules);
  const double take = 1.0 / (1.0 + std::exp(-(offered_fit - settings.take_threshold) / t));
  double p = m.took ? take : 1.0 - take;
  if (!(m.took && m.discarded == m.offered))
    p *= std::exp(-fit(hand, m.discarded, wild_rank, rules) / t);
  return std::max(p, 1e-300);
}

double likelihood_of(const std::vector<TableMove>& moves, std::size_t upto,
                     const std::vector<Card>& hand, int wild_rank, MeldRules rules,
                     const Settings& settings) {
  double p = 1.0;
  for (std::size_t i = 0; i < upto && i < moves.size(); ++i)
    p *= move_likelihood(moves[i], hand, wild_rank, rules, settings);
  return p;
}

// One copy of `c` out of `hand`; false when it holds none.
bool take_out(std::vector<Card>& hand, Card c) {
  const auto it = std::find(hand.begin(), hand.end(), c);
  if (it == hand.end()) return false;
  hand.erase(it);
  return true;
}

double score_of(const std::vector<Card>& hand, int wild_rank, MeldRules rules) {
  return hand.empty() ? 0.0 : min_score(hand, wild_rank, HandMode::Dealt, rules);
}

// The log-likelihood of the next player's moves if they hold `hand` now, each move weighed
// against the hand rebuilt for its time: `choice[i]` in [0, 1) picks which card a deck draw at
// move i brought (among the cards of the hand then that no earlier take accounts for).
// The exact model's likelihoods already worked out in one reading (Settings::exact_model is
// slow: the Metropolis steps weigh the same hands then again), by move and hand then.
using ExactMemo = std::unordered_map<std::string, double>;

std::string exact_key(char what, std::vector<Card> hand, Card card, std::optional<Card> other) {
  std::sort(hand.begin(), hand.end());
  std::string key(1, what);
  for (Card c : hand) key += static_cast<char>(kind_of(c));
  key += static_cast<char>(kind_of(card));
  key += other ? static_cast<char>(kind_of(*other) + 1) : '\0';
  return key;
}

double memo_of(ExactMemo* memo, const std::string& key, const std::function<double()>& work) {
  if (memo == nullptr) return work();
  if (const auto it = memo->find(key); it != memo->end()) return it->second;
  const double value = work();
  memo->emplace(key, value);
  return value;
}

double log_likelihood_then(const std::vector<TableMove>& moves, const std::vector<Card>& hand,
                           const std::vector<double>& choice, int wild_rank, MeldRules rules,
                           int boxes, const Settings& settings, ExactMemo* memo = nullptr) {
  constexpr double kImpossible = -700.0;
  std::vector<Card> now = hand;
  double log_p = 0;
  for (std::size_t i = moves.size(); i-- > 0;) {
    const TableMove& m = moves[i];
    std::vector<Card> at = now;
    at.push_back(m.discarded);
    std::vector<Card> before = at;
    std::optional<Card> must_keep;
    if (m.took) {
      if (!take_out(before, m.offered)) return kImpossible;
      must_keep = m.offered;
    } else {
      // The cards the deck draw can have been: not one an earlier take brought.
      std::vector<Card> candidates = at;
      for (std::size_t k = 0; k < i; ++k)
        if (moves[k].took) take_out(candidates, moves[k].offered);
      if (candidates.empty()) return kImpossible;
      const auto pick =
          std::min(candidates.size() - 1,
                   static_cast<std::size_t>(choice[i] * static_cast<double>(candidates.size())));
      take_out(before, candidates[pick]);
    }
    if (settings.exact_model) {
      const std::optional<Card> took =
          m.took ? std::optional<Card>(m.offered) : std::optional<Card>();
      log_p += std::log(memo_of(memo, exact_key('T', before, m.offered, took), [&] {
        return exact_take_likelihood(before, m.offered, m.took, wild_rank, rules, boxes, settings);
      }));
      log_p += std::log(memo_of(memo, exact_key('D', at, m.discarded, must_keep), [&] {
        return exact_discard_likelihood(at, m.discarded, must_keep, wild_rank, rules, boxes,
                                        settings);
      }));
    } else {
      log_p += std::log(take_likelihood(before, m.offered, m.took, wild_rank, rules, settings));
      log_p += std::log(discard_likelihood(at, m.discarded, must_keep, wild_rank, rules, settings));
    }
    now = std::move(before);
  }
  return std::max(log_p, kImpossible);
}

void normalize(std::vector<double>& weights) {
  double sum = 0;
  for (double w : weights) sum += w;
  for (double& w : weights) w = sum > 0 ? w / sum : 1.0 / static_cast<double>(weights.size());
}

// The hands-then reading (Settings::hands_then): every particle is weighed by all the moves at
// once, each against the hand rebuilt for its time; when the weights thin, the particles are
// resampled and each moved by Metropolis steps (one dealt card swapped for another unseen copy,
// or one deck draw's choice drawn again).
void read_then(Reading& r, const Situation& s, const std::vector<TableMove>& moves,
               const std::vector<Card>& pool, const Unseen& unseen, SplitMix64& rng,
               const Settings& settings) {
  if (moves.empty()) return;
  const int wild_rank = wild_rank_of_round(s.round);
  const MeldRules rules = s.rules;
  const std::size_t n = r.hands.size();
  const std::size_t held = s.next_holds.size();
  auto uniform = [&rng] {
    return static_cast<double>(rng.below(1U << 20U)) / static_cast<double>(1U << 20U);
  };
  ExactMemo memo;
  std::vector<std::vector<double>> choices(n, std::vector<double>(moves.size()));
  for (auto& c : choices)
    for (double& u : c) u = uniform();
  std::vector<double> log_w(n);
  for (std::size_t p = 0; p < n; ++p)
    log_w[p] = log_likelihood_then(moves, r.hands[p], choices[p], wild_rank, rules, s.boxes,
                                   settings, &memo);
  const double top = *std::max_element(log_w.begin(), log_w.end());
  for (std::size_t p = 0; p < n; ++p) r.weights[p] = std::exp(log_w[p] - top);
  normalize(r.weights);
  if (effective_size(r.weights) >= settings.resample_below * static_cast<double>(n)) return;

  const auto picked = draw_by_weight(r.weights, n, rng);
  std::vector<std::vector<Card>> hands;
  std::vector<std::vector<double>> picked_choices;
  std::vector<double> picked_log_w;
  hands.reserve(n);
  picked_choices.reserve(n);
  picked_log_w.reserve(n);
  for (std::size_t p : picked) {
    hands.push_back(r.hands[p]);
    picked_choices.push_back(choices[p]);
    picked_log_w.push_back(log_w[p]);
  }
  for (std::size_t p = 0; p < n; ++p) {
    for (int step = 0; step < settings.moves_per_particle; ++step) {
      std::vector<Card> hand = hands[p];
      std::vector<double> choice = picked_choices[p];
      if (rng.below(2) == 0 || hand.size() <= held || pool.empty()) {
        choice[static_cast<std::size_t>(rng.below(moves.size()))] = uniform();
      } else {
        const auto slot = held + static_cast<std::size_t>(rng.below(hand.size() - held));
        const Card c = pool[static_cast<std::size_t>(rng.below(pool.size()))];
        const auto copies =
            std::count(hand.begin() + static_cast<std::ptrdiff_t>(held), hand.end(), c);
        if (copies >= unseen.count[static_cast<std::size_t>(kind_of(c))]) continue;
        hand[slot] = c;
      }
      const double proposed =
          log_likelihood_then(moves, hand, choice, wild_rank, rules, s.boxes, settings, &memo);
      if (proposed >= picked_log_w[p] || std::log(uniform() + 1e-12) < proposed - picked_log_w[p]) {
        hands[p] = std::move(hand);
        picked_choices[p] = std::move(choice);
        picked_log_w[p] = proposed;
      }
    }
  }
  r.hands = std::move(hands);
  r.weights.assign(n, 1.0 / static_cast<double>(n));
  ++r.resamples;
}

}  // namespace

double fit(const std::vector<Card>& hand, Card card, int wild_rank, MeldRules rules) {
  std::vector<Card> rest = hand;
  if (auto it = std::find(rest.begin(), rest.end(), card); it != rest.end()) rest.erase(it);
  const Card alone[] = {card};
  const int before = rest.empty() ? 0 : min_score(rest, wild_rank, HandMode::Dealt, rules);
  rest.push_back(card);
  return before + min_score(alone, wild_rank, HandMode::Dealt, rules) -
         min_score(rest, wild_rank, HandMode::Dealt, rules);
}

double take_likelihood(const std::vector<Card>& before, Card offered, bool took, int wild_rank,
                       MeldRules rules, const Settings& settings) {
  // The points taking saves: the score now less the best score after taking and throwing
  // another card.
  std::vector<Card> with = before;
  with.push_back(offered);
  double best = score_of(before, wild_rank, rules);
  for (std::size_t i = 0; i + 1 < with.size(); ++i) {
    if (i > 0 && with[i] == with[i - 1]) continue;
    std::vector<Card> kept = with;
    kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(i));
    best = std::min(best, score_of(kept, wild_rank, rules));
  }
  const double gain = score_of(before, wild_rank, rules) - best;
  const double t = std::max(1e-6, settings.temperature);
  const double take = 1.0 / (1.0 + std::exp(-(gain - settings.take_threshold) / t));
  return std::max(took ? take : 1.0 - take, 1e-300);
}

double discard_likelihood(const std::vector<Card>& at_discard, Card discarded,
                          std::optional<Card> must_keep, int wild_rank, MeldRules rules,
                          const Settings& settings) {
  std::vector<Card> candidates = at_discard;
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
  if (must_keep && *must_keep != discarded && candidates.size() > 1) {
    // A card just taken is not thrown back (unless it is its only copy in the hand and the
    // hand holds another one: then it stays a candidate as the other copy).
    if (std::count(at_discard.begin(), at_discard.end(), *must_keep) == 1)
      candidates.erase(std::find(candidates.begin(), candidates.end(), *must_keep));
  }
  const double t = std::max(1e-6, settings.discard_temperature);
  std::vector<double> kept_scores;
  double lowest = 1e300;
  double thrown = 1e300;
  for (Card c : candidates) {
    std::vector<Card> kept = at_discard;
    take_out(kept, c);
    const double score = score_of(kept, wild_rank, rules);
    kept_scores.push_back(score);
    lowest = std::min(lowest, score);
    if (c == discarded) thrown = score;
  }
  if (thrown > 1e299) return 1e-300;  // not a card they could throw
  double sum = 0;
  for (double score : kept_scores) sum += std::exp(-(score - lowest) / t);
  return std::max(std::exp(-(thrown - lowest) / t) / sum, 1e-300);
}

namespace {

// The expected-value player's pool for a hand: the box less the hand, no jokers.
selfplay::LookaheadValues exact_values(const std::vector<Card>& hand, int wild_rank,
                                       MeldRules rules, int boxes) {
  Unseen pool = full_box_counts(boxes);
  for (Card c : hand) {
    if (pool.count[static_cast<std::size_t>(kind_of(c))] > 0) pool.remove(c);
  }
  pool.total -= pool.count[kJokerKind];
  pool.count[kJokerKind] = 0;
  return selfplay::LookaheadValues(wild_rank, rules, pool);
}

}  // namespace

double exact_take_likelihood(const std::vector<Card>& before, Card offered, bool took,
                             int wild_rank, MeldRules rules, int boxes, const Settings& settings) {
  auto values = exact_values(before, wild_rank, rules, boxes);
  std::vector<Card> with = before;
  with.push_back(offered);
  const auto take = values.best_discard(with, offered);
  double p_take = 1.0;
  if (!take.goes_out) {
    // It takes unless drawing is lower.
    const double draw = values.after_deck_draw(before);
    const double t = std::max(1e-6, settings.temperature);
    p_take = 1.0 / (1.0 + std::exp(-(draw - take.value) / t));
  }
  return std::max(took ? p_take : 1.0 - p_take, 1e-300);
}

double exact_discard_likelihood(const std::vector<Card>& at_discard, Card discarded,
                                std::optional<Card> must_keep, int wild_rank, MeldRules rules,
                                int boxes, const Settings& settings) {
  auto values = exact_values(at_discard, wild_rank, rules, boxes);
  std::vector<Card> candidates = at_discard;
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
  if (must_keep && candidates.size() > 1)
    candidates.erase(std::remove(candidates.begin(), candidates.end(), *must_keep),
                     candidates.end());
  // Each candidate's value; a card that goes out beats every one that does not.
  std::vector<double> worth;
  bool any_out = false;
  double lowest = 1e300;
  double thrown = 1e300;
  for (Card c : candidates) {
    std::vector<Card> kept = at_discard;
    take_out(kept, c);
    const bool out = min_score(kept, wild_rank, HandMode::Dealt, rules) == 0;
    const double value = out ? -1e6 : values.after_one_draw(kept);
    any_out = any_out || out;
    worth.push_back(value);
    lowest = std::min(lowest, value);
    if (c == discarded) thrown = value;
  }
  if (thrown > 1e299) return 1e-300;  // not a card it would throw
  if (any_out) {
    if (thrown > lowest) return 1e-300;
    return 1.0 / static_cast<double>(std::count(worth.begin(), worth.end(), lowest));
  }
  const double t = std::max(1e-6, settings.discard_temperature);
  double sum = 0;
  for (double w : worth) sum += std::exp(-(w - lowest) / t);
  return std::max(std::exp(-(thrown - lowest) / t) / sum, 1e-300);
}

double moves_likelihood(const Situation& s, const std::vector<Card>& hand,
                        const Settings& settings) {
  const auto moves = next_moves(s);
  const int wild_rank = wild_rank_of_round(s.round);
  const MeldRules rules = s.rules;
  if (settings.hands_then) {
    // The deck draws' cards taken from the middle of the candidates.
    const std::vector<double> middle(moves.size(), 0.5);
    return std::exp(log_likelihood_then(moves, hand, middle, wild_rank, rules, s.boxes, settings));
  }
  return likelihood_of(moves, moves.size(), hand, wild_rank, rules, settings);
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
  const MeldRules rules = s.rules;
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
  if (settings.hands_then) {
    read_then(r, s, moves, pool, unseen, rng, settings);
    return r;
  }

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
    const double now = likelihood_of(moves, upto, hand, wild_rank, rules, settings);
    const double then = likelihood_of(moves, upto, proposal, wild_rank, rules, settings);
    const double u = static_cast<double>(rng.below(1U << 20U)) / static_cast<double>(1U << 20U);
    if (then >= now || u * now < then) hand = std::move(proposal);
  };

  for (std::size_t i = 0; i < moves.size(); ++i) {
    for (std::size_t p = 0; p < n; ++p)
      r.weights[p] *= move_likelihood(moves[i], r.hands[p], wild_rank, rules, settings);
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
