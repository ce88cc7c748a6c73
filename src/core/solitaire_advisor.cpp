#include "crowns/solitaire_advisor.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "crowns/rules.hpp"
#include "crowns/solitaire_plan.hpp"
#include "crowns/solver.hpp"

namespace crowns::solitaire {
namespace {

using KindCounts = std::array<int, kCardKinds>;

KindCounts count_kinds(std::span<const Card> cards) {
  KindCounts counts{};
  for (const Card c : cards) ++counts[kind_of(c)];
  return counts;
}

// What the value of a position needs to know about one open pile.
struct PileOutlook {
  int needed = 0;  // cards_to_close()
  int outs = 0;    // unseen cards (with copies) that would lower `needed`
};

// Unseen cards that, put into the pile with the best discard, leave it needing fewer cards.
int count_outs(const std::vector<Card>& cards, int pile, int needed, const KindCounts& unseen,
               MeldRules rules) {
  if (needed == 0) return 0;
  std::vector<Card> with(cards);
  with.push_back(Card::joker());
  int outs = 0;
  for (int kind = 0; kind < kCardKinds; ++kind) {
    if (unseen[kind] == 0) continue;
    const Card c = card_of_kind(kind);
    // A wild always replaces a card that is in the way (with wild-only melds counted: else a
    // pile of wilds is helped by a natural card only).
    if (is_wild(c, pile_wild(pile)) && rules.wild_melds == WildMelds::Count) {
      outs += unseen[kind];
      continue;
    }
    with.back() = c;
    if (cards_to_close(with, pile_size(pile), pile_wild(pile), rules) < needed)
      outs += unseen[kind];
  }
  return outs;
}

// Binomial coefficients up to the stock size, as doubles.
class Binomials {
 public:
  Binomials() {
    for (int n = 0; n <= kStockSize; ++n) {
      table_[n][0] = 1;
      for (int k = 1; k <= n; ++k) table_[n][k] = table_[n - 1][k - 1] + table_[n - 1][k];
    }
  }
  [[nodiscard]] double operator()(int n, int k) const {
    return (k < 0 || k > n) ? 0.0 : table_[n][k];
  }

 private:
  std::array<std::array<double, kStockSize + 1>, kStockSize + 1> table_{};
};

// P(at least `need` of the `outs` cards among `draws` cards drawn from `stock`).
double chance_to_draw(int stock, int outs, int draws, int need) {
  static const Binomials choose;
  if (need <= 0) return 1.0;
  draws = std::min(draws, stock);
  if (outs < need || draws < need) return 0.0;
  double p = 0;
  for (int k = need; k <= std::min(outs, draws); ++k)
    p += choose(outs, k) * choose(stock - outs, draws - k);
  return p / choose(stock, draws);
}

// The advisor's value of a position after a play: the log of an estimated chance that every
// open pile gets the cards it needs. A pile may use the draws it needs itself plus the spare
// plays (plays left minus every open pile's need); piles are taken as independent.
double position_value(std::span<const PileOutlook> open, int stock) {
  int needed_total = 0;
  for (const auto& pile : open) needed_total += std::max(pile.needed, 1);
  const int spare = stock - needed_total;
  if (spare < 0) return -1e6 * (1 - spare);
  double value = 0;
  for (const auto& pile : open) {
    if (pile.needed == 0) continue;
    const double p = chance_to_draw(stock, pile.outs, pile.needed + spare, pile.needed);
    value += std::log(std::max(p, 1e-9));
  }
  return value;
}

}  // namespace

Move greedy_move(const State& state, Card turned) {
  Move best;
  bool best_closes = false;
  int best_gain = std::numeric_limits<int>::min();
  for (int p = 1; p <= kPiles; ++p) {
    if (state.closed[p - 1]) continue;
    std::vector<Card> cards = state.piles[p - 1];
    const int before = min_score(cards, pile_wild(p), HandMode::Dealt, state.rules);
    cards.push_back(turned);
    const Solution after = solve(cards, pile_wild(p), HandMode::Drawn, state.rules);
    const Move move{p, after.discard.value_or(turned)};
    if (after.goes_out) {  // piles are visited in increasing size: the last is the largest
      best = move;
      best_closes = true;
    } else if (!best_closes && before - after.score > best_gain) {
      best = move;
      best_gain = before - after.score;
    }
  }
  return best;
}

namespace {

// The exact plan's searches, before the advisor falls back on its heuristic: first with no
// pile taking more cards than it needs, then (if that was cut short) with one card more per
// pile. On seeds 20001-20500 the first alone won 447 deals, both 453; on 100 deals the second
// raised the slowest play from 0.4 s to 0.7 s. 5,000 nodes won as many deals as 20,000 with a
// p90 of 14 ms instead of 27 ms.
constexpr std::array kPlanPasses = {PlanLimits{0, 5000}, PlanLimits{1, 5000}};

// The advisor's explanation of `move`.
Advice describe(const State& state, Card turned, std::span<const Card> unseen, const Move& move) {
  const KindCounts unseen_kinds = count_kinds(unseen);
  Advice advice;
  advice.move = move;
  const int p = move.pile;
  advice.needed_before =
      cards_to_close(state.piles[p - 1], pile_size(p), pile_wild(p), state.rules);
  std::vector<Card> kept = state.piles[p - 1];
  kept.push_back(turned);
  kept.erase(std::find(kept.begin(), kept.end(), move.discard));
  advice.closes = all_meld(kept, pile_wild(p), state.rules);
  advice.needed_after =
      advice.closes ? 0
                    : std::max(1, cards_to_close(kept, pile_size(p), pile_wild(p), state.rules));
  advice.outs_after = count_outs(kept, p, advice.needed_after, unseen_kinds, state.rules);
  advice.needed_total = advice.needed_after;
  for (int q = 1; q <= kPiles; ++q)
    if (q != p && !state.closed[q - 1])
      advice.needed_total +=
          std::max(1, cards_to_close(state.piles[q - 1], pile_size(q), pile_wild(q), state.rules));
  return advice;
}

// The best play by the value of the position after it (docs/SOLITAIRE.md): the advisor's play
// when no plan is found.
Move heuristic_move(const State& state, Card turned, std::span<const Card> unseen) {
  const KindCounts unseen_kinds = count_kinds(unseen);
  const int stock = static_cast<int>(unseen.size());
  std::vector<PileOutlook> outlook(kPiles);
  std::vector<int> open;
  for (int p = 1; p <= kPiles; ++p) {
    if (state.closed[p - 1]) continue;
    open.push_back(p);
    auto& o = outlook[p - 1];
    o.needed = cards_to_close(state.piles[p - 1], pile_size(p), pile_wild(p), state.rules);
    o.outs = count_outs(state.piles[p - 1], p, o.needed, unseen_kinds, state.rules);
  }
  Move best;
  double best_value = -std::numeric_limits<double>::infinity();
  std::vector<PileOutlook> others;
  for (const int p : open) {
    std::vector<Card> with = state.piles[p - 1];
    with.push_back(turned);
    std::sort(with.begin(), with.end());
    // Candidate discards: each distinct card, keeping only those that leave the fewest needed.
    std::vector<std::pair<Card, int>> candidates;
    int fewest = std::numeric_limits<int>::max();
    for (std::size_t i = 0; i < with.size(); ++i) {
      if (i > 0 && with[i] == with[i - 1]) continue;
      std::vector<Card> kept(with);
      kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(i));
      int needed = cards_to_close(kept, pile_size(p), pile_wild(p), state.rules);
      if (needed == 0 && !all_meld(kept, pile_wild(p), state.rules)) needed = 1;
      candidates.emplace_back(with[i], needed);
      fewest = std::min(fewest, needed);
    }
    others.clear();
    for (const int q : open)
      if (q != p) others.push_back(outlook[q - 1]);
    for (const auto& [discard, needed] : candidates) {
      if (needed != fewest) continue;
      std::vector<Card> kept(with);
      kept.erase(std::find(kept.begin(), kept.end(), discard));
      double value = 0;
      if (needed == 0) {
        value = position_value(others, stock);
      } else {
        others.push_back(
            PileOutlook{needed, count_outs(kept, p, needed, unseen_kinds, state.rules)});
        value = position_value(others, stock);
        others.pop_back();
      }
      // On a tie, a natural card goes before a wild one: a wild fits wherever it would.
      const bool natural_for_wild = value == best_value && best.pile == p &&
                                    is_wild(best.discard, pile_wild(p)) &&
                                    !is_wild(discard, pile_wild(p));
      if (value > best_value || natural_for_wild) {
        best_value = value;
        best = Move{p, discard};
      }
    }
  }
  return best;
}

}  // namespace

Plan advisor_plan(const State& state, std::span<const Card> stock) {
  Plan plan;
  for (const PlanLimits& limits : kPlanPasses) {
    plan = find_plan(state, stock, limits);
    if (plan.status != PlanStatus::GaveUp) break;
  }
  return plan;
}

std::vector<Move> closing_moves(const State& state, Card turned) {
  std::vector<Move> moves;
  for (int p = kPiles; p >= 1; --p) {
    if (state.closed[p - 1]) continue;
    std::vector<Card> with = state.piles[p - 1];
    with.push_back(turned);
    if (cards_to_close(with, pile_size(p), pile_wild(p), state.rules) != 0) continue;
    std::sort(with.begin(), with.end());
    std::optional<Card> best;
    for (std::size_t i = 0; i < with.size(); ++i) {
      if (i > 0 && with[i] == with[i - 1]) continue;
      std::vector<Card> kept(with);
      kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(i));
      if (!all_meld(kept, pile_wild(p), state.rules)) continue;
      // Keep wilds; of the naturals, discard the highest (sorted: the last one that fits).
      if (!best || !is_wild(with[i], pile_wild(p)) || is_wild(*best, pile_wild(p))) best = with[i];
    }
    if (best) moves.push_back(Move{p, *best});
  }
  return moves;
}

namespace {

// In a lost game: gives up the piles that need the most cards, one more at a time, until a
// plan closes the others, and follows it. None when no plan is found that way.
std::optional<Move> most_piles_move(const State& state, Card turned, std::span<const Card> stock) {
  std::vector<std::pair<int, int>> open;  // (needed, pile)
  for (int p = 1; p <= kPiles; ++p) {
    if (!state.closed[p - 1])
      open.emplace_back(cards_to_close(state.piles[p - 1], pile_size(p), pile_wild(p), state.rules),
                        p);
  }
  std::sort(open.rbegin(), open.rend());
  State reduced = state;
  for (std::size_t given_up = 0; given_up + 1 < open.size(); ++given_up) {
    reduced.closed[open[given_up].second - 1] = true;
    const Plan plan = find_plan(reduced, stock, kPlanPasses.front());
    if (plan.status == PlanStatus::Found) return plan_move(reduced, turned, plan);
  }
  return std::nullopt;
}

// The pile the plan puts `turned` into, 0 if none.
int planned_pile(const Plan& plan, Card turned) {
  for (int p = 1; p <= kPiles; ++p) {
    const auto& takes = plan.takes[static_cast<std::size_t>(p - 1)];
    if (std::find(takes.begin(), takes.end(), turned) != takes.end()) return p;
  }
  return 0;
}

}  // namespace

Advice advise(const State& state, Card turned, std::span<const Card> unseen) {
  std::vector<Card> stock(unseen.begin(), unseen.end());
  stock.push_back(turned);
  const Plan plan = state.plays_left() < state.open_piles() ? Plan{PlanStatus::Impossible, {}}
                                                            : advisor_plan(state, stock);
  const std::vector<Move> closing = closing_moves(state, turned);
  // A closing play is taken when it wins, or keeps a plan to win, or nothing better is known.
  for (const Move& move : closing) {
    State after = state;
    apply_move(after, turned, move);
    const bool take = after.outcome() == Outcome::Won || plan.status != PlanStatus::Found ||
                      (after.outcome() == Outcome::Playing &&
                       advisor_plan(after, unseen).status == PlanStatus::Found);
    if (take) {
      Advice advice = describe(state, turned, unseen, move);
      advice.lost = plan.status == PlanStatus::Impossible;
      return advice;
    }
  }
  if (plan.status == PlanStatus::Found) {
    Advice advice = describe(state, turned, unseen, plan_move(state, turned, plan));
    if (!closing.empty() && !advice.closes) {
      advice.could_close = closing.front().pile;
      advice.kept_for = planned_pile(plan, turned);
    }
    return advice;
  }
  if (plan.status == PlanStatus::Impossible) {
    const auto move = most_piles_move(state, turned, stock);
    Advice advice =
        describe(state, turned, unseen, move ? *move : heuristic_move(state, turned, unseen));
    advice.lost = true;
    return advice;
  }
  return describe(state, turned, unseen, heuristic_move(state, turned, unseen));
}

Move choose_move(Policy policy, const State& state, Card turned, std::span<const Card> unseen) {
  return policy == Policy::Greedy ? greedy_move(state, turned) : advise(state, turned, unseen).move;
}

bool advisor_wins(State state, std::span<const Card> stock) {
  for (std::size_t i = 0; i < stock.size() && state.outcome() == Outcome::Playing; ++i) {
    // As advise() builds it: the unseen cards, then the turned card.
    std::vector<Card> cards(stock.begin() + static_cast<std::ptrdiff_t>(i) + 1, stock.end());
    cards.push_back(stock[i]);
    const Plan plan = advisor_plan(state, cards);
    if (plan.status != PlanStatus::GaveUp) return plan.status == PlanStatus::Found;
    cards.pop_back();
    apply_move(state, stock[i], heuristic_move(state, stock[i], cards));
  }
  return state.outcome() == Outcome::Won;
}

GameResult play_out(State state, std::span<const Card> stock, Policy policy) {
  for (std::size_t i = 0; i < stock.size() && state.outcome() == Outcome::Playing; ++i) {
    std::vector<Card> unseen(stock.begin() + static_cast<std::ptrdiff_t>(i) + 1, stock.end());
    const Move move = choose_move(policy, state, stock[i], unseen);
    apply_move(state, stock[i], move);
  }
  return GameResult{state.outcome() == Outcome::Won, kPiles - state.open_piles()};
}

}  // namespace crowns::solitaire
