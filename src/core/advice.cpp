#include "crowns/advice.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <unordered_map>

#include "crowns/hand_round.hpp"
#include "crowns/plural.hpp"
#include "crowns/rollout.hpp"
#include "crowns/rules.hpp"
#include "crowns/solver.hpp"

namespace crowns {
namespace {

// How many of the cards the top discard would replace are tried as the discard after a deck
// draw (besides the drawn card itself).
constexpr std::size_t kDrawnDiscardCandidates = 3;

}  // namespace

// Out of the anonymous namespace because KeptValues (public) holds one.
namespace advice_detail {

// The worth of keeping a hand of n cards (before the next draw), memoized by its multiset.
class Evaluator {
 public:
  struct Value {
    double ev = 0;     // expected points this hand ends the round with
    double value = 0;  // ev minus what the others are expected to hold when this hand goes out
    double p_out = 0;  // chance the next draw goes out
    double last = 0;   // expected points if the next turn is the last (an opponent went out)
  };

  Evaluator(int wild_rank, MeldRules rules, const Unseen& unseen, double hazard, double gain,
            double feed_charge)
      : wild_rank_(wild_rank),
        rules_(rules),
        unseen_(unseen),
        hazard_(hazard),
        gain_(gain),
        feed_charge_(feed_charge) {}

  [[nodiscard]] double gain() const { return gain_; }
  [[nodiscard]] double feed_charge() const { return feed_charge_; }

  Value kept(std::vector<Card> cards) {
    std::sort(cards.begin(), cards.end());
    std::string key;
    for (Card c : cards) key += static_cast<char>(kind_of(c));
    if (const auto it = cache_.find(key); it != cache_.end()) return it->second;
    Value v;
    const int now = min_score(cards, wild_rank_, HandMode::Dealt, rules_);
    if (now == 0) {
      v.p_out = 1;  // already melds: any draw goes out (discard the drawn card)
      v.value = -(1 - hazard_) * gain_;
    } else {
      // A card that cannot join a meld scores exactly min(now, after the best discard + it):
      // two solver calls instead of one per such card (a third to a half of them).
      const auto [sum, outs] = draw_scores(cards, now, wild_rank_, unseen_, rules_);
      const double total = std::max(1, unseen_.total);
      v.last = static_cast<double>(sum) / total;
      v.p_out = outs / total;
      // Each turn, first an opponent may go out (then this hand scores `last`), else the draw
      // goes out with p_out, else the round goes on from a hand taken to be as good as this one.
      const double h = hazard_;
      const double ends = h + v.p_out - h * v.p_out;
      v.ev = h * v.last / ends;
      v.value = (h * v.last - (1 - h) * v.p_out * gain_) / ends;
    }
    cache_.emplace(std::move(key), v);
    return v;
  }

 private:
  int wild_rank_;
  MeldRules rules_;
  const Unseen& unseen_;
  double hazard_;
  double gain_;
  double feed_charge_;
  std::unordered_map<std::string, Value> cache_;
};

}  // namespace advice_detail

namespace {

using advice_detail::Evaluator;

// Ranks options: lower value first; on a tie a non-wild before a wild, then a card that does
// not feed the next player before one that does, then the higher-scoring card. The ties that
// matter are between discards that all go out: the card thrown is then the top discard for the
// others' last turn, and throwing the highest-scoring one handed them a joker whenever the
// hand went out with a wild to spare (+39.58 -> +40.68 points a game on 600 deals of seed 11,
// +40.43 -> +41.05 on seed 7).
void rank_options(std::vector<DiscardOption>& options, int wild_rank) {
  std::stable_sort(options.begin(), options.end(),
                   [wild_rank](const DiscardOption& a, const DiscardOption& b) {
                     if (a.value != b.value) return a.value < b.value;
                     const bool a_wild = is_wild(a.discard, wild_rank);
                     const bool b_wild = is_wild(b.discard, wild_rank);
                     if (a_wild != b_wild) return b_wild;
                     if (a.feeds != b.feeds) return b.feeds;
                     return card_points(a.discard, wild_rank) > card_points(b.discard, wild_rank);
                   });
}

// Whether throwing `card` could hand the next player a meld card: it could sit in a meld with
// a card they are known to hold (a wild always could).
bool feeds(const std::vector<Card>& next_holds, Card card, int wild_rank, MeldRules rules) {
  return !next_holds.empty() && could_join_melds(next_holds, card, wild_rank, rules);
}

// Every different discard of `cards` (n+1 of them) but `keep`, valued by the evaluator; a
// discard that does not go out and feeds the next player's known cards costs the feeding charge.
std::vector<DiscardOption> discard_options(const std::vector<Card>& cards, std::optional<Card> keep,
                                           int wild_rank, MeldRules rules, Evaluator& eval,
                                           const std::vector<Card>& next_holds) {
  std::vector<Card> distinct = cards;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  std::vector<DiscardOption> options;
  for (Card d : distinct) {
    if (keep && d == *keep && distinct.size() > 1) continue;
    const std::vector<Card> kept_cards = without(cards, d);
    DiscardOption o;
    o.discard = d;
    o.score_now = min_score(kept_cards, wild_rank, HandMode::Dealt, rules);
    o.goes_out = o.score_now == 0;
    o.feeds = feeds(next_holds, d, wild_rank, rules);
    if (!o.goes_out) {
      const auto v = eval.kept(kept_cards);
      o.ev = v.ev;
      o.value = v.value;
      o.p_out = v.p_out;
      if (o.feeds) o.value += eval.feed_charge();
    } else {
      o.p_out = 1;
      o.value = -eval.gain();
    }
    options.push_back(o);
  }
  rank_options(options, wild_rank);
  return options;
}

// The last turn: only this hand's points count, so each discard is worth its exact score (ties
// as in rank_options: the players still to play their last turn may take the card).
std::vector<DiscardOption> last_turn_options(const std::vector<Card>& cards, int wild_rank,
                                             MeldRules rules, const std::vector<Card>& next_holds) {
  std::vector<Card> distinct = cards;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  std::vector<DiscardOption> options;
  for (Card d : distinct) {
    DiscardOption o;
    o.discard = d;
    o.score_now = min_score(without(cards, d), wild_rank, HandMode::Dealt, rules);
    o.goes_out = o.score_now == 0;
    o.ev = o.score_now;
    o.value = o.ev;
    o.p_out = o.goes_out ? 1 : 0;
    o.feeds = feeds(next_holds, d, wild_rank, rules);
    options.push_back(o);
  }
  rank_options(options, wild_rank);
  return options;
}

// The exact expected points of a last turn that draws from the deck.
double last_turn_draw(std::vector<Card> cards, const Unseen& unseen, int wild_rank, MeldRules rules,
                      int* outs) {
  cards.push_back(Card::joker());
  long sum = 0;
  *outs = 0;
  for (int k = 0; k < kCardKinds; ++k) {
    const int copies = unseen.count[static_cast<std::size_t>(k)];
    if (copies == 0) continue;
    cards.back() = card_of_kind(k);
    const int score = min_score(cards, wild_rank, HandMode::Drawn, rules);
    sum += static_cast<long>(copies) * score;
    if (score == 0) *outs += copies;
  }
  return static_cast<double>(sum) / std::max(1, unseen.total);
}

// This player's discards in rollouts: the advisor's value of the kept cards over today's unseen
// cards (memoized across the rollouts of one decision), or greedy.
DiscardPolicy own_policy(const AdvisorSettings& settings, int wild_rank, MeldRules rules,
                         Evaluator& eval, const std::vector<Card>& next_holds) {
  if (!settings.own_policy) return nullptr;
  return [wild_rank, rules, &eval, &next_holds](const std::vector<Card>& hand,
                                                std::optional<Card> keep) {
    return discard_options(hand, keep, wild_rank, rules, eval, next_holds).front().discard;
  };
}

// The plays of `arms` compared over the same determinizations (common random numbers): arm a
// sets this player's hand and the discard pile after the play from a copy of each deal (the
// draw takes its card from the copy's stock). Returns the arm with the lowest mean rollout
// difference.
template <typename Arm>
std::size_t best_by_rollouts(const Situation& s, const Unseen& unseen, int arms, int samples,
                             const Arm& arm, const DiscardPolicy& mine) {
  SplitMix64 rng(situation_seed(s));
  std::vector<double> sums(static_cast<std::size_t>(arms), 0.0);
  std::vector<Card> hand;
  std::vector<Card> pile;
  for (int i = 0; i < samples; ++i) {
    const Determinization d = determinize(s, unseen, rng);
    const std::uint64_t seed = rng.next();
    for (int a = 0; a < arms; ++a) {
      Determinization deal = d;
      arm(a, deal, hand, pile);
      sums[static_cast<std::size_t>(a)] += rollout_difference(s, deal, hand, pile, seed, mine);
    }
  }
  return static_cast<std::size_t>(std::min_element(sums.begin(), sums.end()) - sums.begin());
}

}  // namespace

Expected<int> implied_round(int cards, bool has_top) {
  if (const auto round = round_of_hand(cards, has_top ? HandMode::Dealt : HandMode::Drawn))
    return *round;
  return Failure{"a hand of " + counted(cards, "card") + " fits no round (" +
                     (has_top ? "3-13 cards before drawing, with the top discard"
                              : "4-14 cards after drawing") +
                     ")",
                 {.kind = HintKind::NameRound}};
}

Decision decision_of(const Situation& s) {
  return static_cast<int>(s.hand.size()) == cards_in_round(s.round) ? Decision::Draw
                                                                    : Decision::Discard;
}

Expected<Unseen> check_situation(const Situation& s) {
  if (!is_valid_round(s.round)) {
    return Failure{round_out_of_range(s.round)};
  }
  if (s.boxes != 1 && s.boxes != 2) return Failure{"boxes must be 1 or 2"};
  if (s.players < kMinPlayers || s.players > max_players(s.boxes)) {
    return Failure{
        "players must be 2-" + std::to_string(max_players(s.boxes)) +
            (s.boxes == 1 ? " with one box" : ""),
        {.kind = s.boxes == 1 ? HintKind::TwoBoxesSeat : HintKind::None, .count = max_players(2)}};
  }
  const int n = cards_in_round(s.round);
  const int size = static_cast<int>(s.hand.size());
  if (size != n && size != n + 1) {
    return Failure{"round " + std::to_string(s.round) + " needs " + counted(n, "card") +
                   " before drawing (with the top discard) or " + std::to_string(n + 1) +
                   " after drawing, but the hand has " + std::to_string(size)};
  }
  if (size == n && !s.top) {
    return Failure{"a hand of " + counted(n, "card") + " is a draw decision",
                   {.kind = HintKind::GiveTop}};
  }
  if (size == n + 1 && s.top) {
    return Failure{"a hand of " + counted(n + 1, "card") +
                   " has drawn already: the top discard is only for a draw decision of " +
                   counted(n, "card")};
  }
  if (s.stock && *s.stock < 0) return Failure{"stock must be 0 or more"};
  for (std::size_t i = 0; i < s.actions.size(); ++i) {
    const int seat = s.actions[i].seat;
    if (seat < 0 || seat >= s.players) {
      return Failure{"move " + std::to_string(i + 1) + " is by seat " + std::to_string(seat) +
                     ", but a table of " + std::to_string(s.players) + " players has seats 0-" +
                     std::to_string(s.players - 1) + " (0 is you, 1 the next player)"};
    }
  }
  std::vector<Card> top;
  if (s.top) top.push_back(*s.top);
  return unseen_cards(KnownCards{s.hand, top, s.seen, s.next_holds}, s.boxes);
}

double opponent_out_chance(const Situation& s, double scale) {
  // One opponent's chance to go out on one turn, by round: 1 / (turns of a round - 1) in
  // greedy self-play (2 players, 300 games; docs/ADVICE.md).
  static constexpr std::array<double, kRounds> kPerTurn = {0.24,  0.145, 0.097, 0.172, 0.139, 0.106,
                                                           0.158, 0.149, 0.133, 0.175, 0.185};
  const double per_turn = kPerTurn[static_cast<std::size_t>(s.round - 1)];
  const double stay = std::pow(1.0 - std::min(0.95, scale * per_turn), s.players - 1);
  return std::clamp(1.0 - stay, 0.02, 0.95);
}

namespace {

double opponent_points(const Situation& s, double gain) {
  // What going out first is worth beyond this hand's own 0: what another player holds when
  // someone goes out, by round (greedy self-play, as above), counted twice because going out
  // also ends the round before the others improve (tuned: x0 +36.7, x1 +38.7, x2 +39.5,
  // x3 +38.9 points a game over the same 100 deals).
  static constexpr std::array<double, kRounds> kHeld = {20.0, 15.8, 12.9, 21.1, 16.2, 12.1,
                                                        19.3, 15.4, 12.6, 17.6, 15.1};
  return gain * kHeld[static_cast<std::size_t>(s.round - 1)];
}

}  // namespace

struct KeptValues::Impl {
  Impl(const Situation& s, const Unseen& pool, const AdvisorSettings& settings)
      : wild_rank(wild_rank_of_round(s.round)),
        rules(s.rules),
        unseen(pool),
        eval(wild_rank, rules, unseen, opponent_out_chance(s, settings.hazard_scale),
             opponent_points(s, settings.gain), settings.feed_charge) {}
  int wild_rank;
  MeldRules rules;
  Unseen unseen;  // the evaluator holds a reference: declared before it
  advice_detail::Evaluator eval;
};

KeptValues::KeptValues(const Situation& s, const Unseen& unseen, const AdvisorSettings& settings)
    : impl_(std::make_unique<Impl>(s, unseen, settings)) {}
KeptValues::~KeptValues() = default;

double KeptValues::value(const std::vector<Card>& kept) {
  if (min_score(kept, impl_->wild_rank, HandMode::Dealt, impl_->rules) == 0)
    return -impl_->eval.gain();
  return impl_->eval.kept(kept).value;
}

double KeptValues::gain() const {
  return impl_->eval.gain();
}

DiscardAdvice advise_discard(const Situation& s, const Unseen& unseen,
                             const AdvisorSettings& settings) {
  const int wild_rank = wild_rank_of_round(s.round);
  DiscardAdvice advice;
  if (s.last) {
    advice.options = last_turn_options(s.hand, wild_rank, s.rules, s.next_holds);
    return advice;
  }
  Evaluator eval(wild_rank, s.rules, unseen, opponent_out_chance(s, settings.hazard_scale),
                 opponent_points(s, settings.gain), settings.feed_charge);
  advice.options = discard_options(s.hand, s.must_keep, wild_rank, s.rules, eval, s.next_holds);
  auto& options = advice.options;
  if (settings.samples > 0 && !options.front().goes_out) {
    int arms = 0;
    while (arms < settings.candidates && arms < static_cast<int>(options.size()) &&
           options[static_cast<std::size_t>(arms)].value <= options.front().value + settings.margin)
      ++arms;
    if (arms > 1) {
      const std::size_t best = best_by_rollouts(
          s, unseen, arms, settings.samples,
          [&](int a, Determinization&, std::vector<Card>& hand, std::vector<Card>& pile) {
            const Card d = options[static_cast<std::size_t>(a)].discard;
            hand = without(s.hand, d);
            pile.assign(1, d);
          },
          own_policy(settings, wild_rank, s.rules, eval, s.next_holds));
      std::rotate(options.begin(), options.begin() + static_cast<std::ptrdiff_t>(best),
                  options.begin() + static_cast<std::ptrdiff_t>(best) + 1);
    }
  }
  return advice;
}

DrawAdvice advise_draw(const Situation& s, const Unseen& unseen, const AdvisorSettings& settings) {
  const int wild_rank = wild_rank_of_round(s.round);
  const Card top = *s.top;
  std::vector<Card> with_top = s.hand;
  with_top.push_back(top);
  DrawAdvice advice;
  if (s.last) {
    const auto options = last_turn_options(with_top, wild_rank, s.rules, s.next_holds);
    int outs = 0;
    advice.take_ev = options.front().ev;
    advice.take_value = advice.take_ev;
    advice.discard = options.front().discard;
    advice.goes_out = options.front().goes_out;
    advice.take_p_out = options.front().p_out;  // 1 when taking goes out, as on other turns
    advice.draw_ev = last_turn_draw(s.hand, unseen, wild_rank, s.rules, &outs);
    advice.draw_p_out = static_cast<double>(outs) / std::max(1, unseen.total);
    advice.draw_value = advice.draw_ev;
    advice.take = advice.take_ev <= advice.draw_ev;
    return advice;
  }
  Evaluator eval(wild_rank, s.rules, unseen, opponent_out_chance(s, settings.hazard_scale),
                 opponent_points(s, settings.gain), settings.feed_charge);
  const auto take_options = discard_options(with_top, top, wild_rank, s.rules, eval, s.next_holds);
  const DiscardOption& best_take = take_options.front();
  advice.take_ev = best_take.ev;
  advice.take_value = best_take.value;
  advice.discard = best_take.discard;
  advice.goes_out = best_take.goes_out;
  advice.take_p_out = best_take.p_out;

  // After a deck draw the best discard is the drawn card or one of the few cards the top
  // discard would have replaced: 2 of them measured +39.40 points a game, 4 +39.65, every
  // discard +39.63 at 3.6 times the time (600 deals of seed 11).
  std::vector<Card> candidates;
  for (const auto& o : take_options) {
    if (candidates.size() == kDrawnDiscardCandidates) break;
    if (!(o.discard == top)) candidates.push_back(o.discard);
  }
  const Evaluator::Value keep_hand = eval.kept(s.hand);
  std::vector<Card> drawn = s.hand;
  drawn.push_back(Card::joker());
  double ev_sum = 0;
  double value_sum = 0;
  int outs = 0;
  std::array<std::optional<Card>, kCardKinds> throw_after;  // the discard after drawing a kind
  for (int k = 0; k < kCardKinds; ++k) {
    const int copies = unseen.count[static_cast<std::size_t>(k)];
    if (copies == 0) continue;
    drawn.back() = card_of_kind(k);
    if (min_score(drawn, wild_rank, HandMode::Drawn, s.rules) == 0) {
      outs += copies;
      value_sum -= copies * eval.gain();
      continue;
    }
    Evaluator::Value best = keep_hand;  // throw the drawn card away
    Card thrown = drawn.back();
    if (feeds(s.next_holds, drawn.back(), wild_rank, s.rules)) best.value += eval.feed_charge();
    for (Card d : candidates) {
      auto v = eval.kept(without(drawn, d));
      if (feeds(s.next_holds, d, wild_rank, s.rules)) v.value += eval.feed_charge();
      if (v.value < best.value) {
        best = v;
        thrown = d;
      }
    }
    throw_after[static_cast<std::size_t>(k)] = thrown;
    ev_sum += copies * best.ev;
    value_sum += copies * best.value;
  }
  const double total = std::max(1, unseen.total);
  advice.draw_ev = ev_sum / total;
  advice.draw_value = value_sum / total;
  advice.draw_p_out = outs / total;
  advice.take = advice.take_value < advice.draw_value;
  if (settings.samples > 0 && !advice.goes_out &&
      std::abs(advice.take_value - advice.draw_value) <= settings.margin) {
    const std::size_t best = best_by_rollouts(
        s, unseen, 2, settings.samples,
        [&](int a, Determinization& deal, std::vector<Card>& hand, std::vector<Card>& pile) {
          if (a == 0 || deal.stock.empty()) {  // take the top card, throw the planned discard
            hand = without(with_top, *advice.discard);
            pile.assign(1, *advice.discard);
            return;
          }
          hand = s.hand;
          hand.push_back(deal.stock.back());
          deal.stock.pop_back();
          const auto kind = static_cast<std::size_t>(kind_of(hand.back()));
          Card thrown = hand.back();
          if (throw_after[kind]) {
            thrown = *throw_after[kind];
          } else if (const auto out = solve(hand, wild_rank, HandMode::Drawn, s.rules).discard) {
            thrown = *out;  // the drawn card goes out
          }
          hand = without(hand, thrown);
          pile = {top, thrown};
        },
        own_policy(settings, wild_rank, s.rules, eval, s.next_holds));
    advice.take = best == 0;
  }
  return advice;
}

}  // namespace crowns
