#include "crowns/solitaire_plan.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <unordered_set>

#include "crowns/random.hpp"
#include "crowns/rules.hpp"

namespace crowns::solitaire {
namespace {

using KindCounts = std::array<int, kCardKinds>;

// The most ways to close one pile that are listed, and the most cards_to_close() calls spent
// listing the ways of all piles: past these the search gives up rather than run long. The
// calls' bound only guards odd positions: on 900 deals (seeds 1000-1399, 20001-20500) it
// changed neither the deals won nor the slowest play (0.2 s); 20,000 lost one deal of the 500
// for a slowest play of 0.17 s.
constexpr std::size_t kMaxCompletions = 3000;
constexpr int kMaxListCalls = 50000;

// One way to close a pile: the kinds it takes (sorted, repeated for two copies) and how many
// of them are beyond the pile's need.
struct Completion {
  std::vector<std::uint8_t> kinds;
  int extra = 0;
};

// Lists the ways pile `pile` (its cards in `with`) closes by taking at most `budget` of the
// cards counted in `left`, taking kinds in increasing order from `from` so each multiset comes
// once. `calls` counts the calls to cards_to_close(). Returns false if the list would pass
// kMaxCompletions or the calls kMaxListCalls.
bool list_completions(std::vector<Card>& with, int pile, MeldRules rules, int budget,
                      KindCounts& left, std::vector<std::uint8_t>& taken, int from,
                      std::vector<Completion>& out, int& calls) {
  if (++calls > kMaxListCalls) return false;
  const int needed = cards_to_close(with, pile_size(pile), pile_wild(pile), rules);
  if (needed == 0) {
    out.push_back(Completion{taken, 0});
    return out.size() <= kMaxCompletions;
  }
  if (static_cast<int>(taken.size()) + needed > budget) return true;
  for (int kind = from; kind < kCardKinds; ++kind) {
    if (left[kind] == 0) continue;
    --left[kind];
    with.push_back(card_of_kind(kind));
    taken.push_back(static_cast<std::uint8_t>(kind));
    const bool ok = list_completions(with, pile, rules, budget, left, taken, kind, out, calls);
    taken.pop_back();
    with.pop_back();
    ++left[kind];
    if (!ok) return false;
  }
  return true;
}

// Whether `small` (sorted) is a sub-multiset of `large` (sorted).
bool includes(const std::vector<std::uint8_t>& large, const std::vector<std::uint8_t>& small) {
  return std::includes(large.begin(), large.end(), small.begin(), small.end());
}

// Depth-first search over the piles, most constrained first, each taking one of its ways to
// close from the cards left; positions already refuted are remembered by a Zobrist hash.
class PlanSearch {
 public:
  PlanSearch(std::vector<std::vector<Completion>> ways, const KindCounts& left, int slack,
             int node_limit)
      : ways_(std::move(ways)), left_(left), chosen_(ways_.size(), -1), node_limit_(node_limit) {
    SplitMix64 keys(0x9e3779b97f4a7c15ULL);
    for (auto& row : zobrist_)
      for (auto& z : row) z = keys.next();
    for (auto& z : pile_zobrist_) z = keys.next();
    slack_ = slack;
  }

  PlanStatus run() {
    if (search()) return PlanStatus::Found;
    return nodes_ > node_limit_ ? PlanStatus::GaveUp : PlanStatus::Impossible;
  }
  [[nodiscard]] const std::vector<int>& chosen() const { return chosen_; }

 private:
  bool fits(const Completion& c) {
    bool ok = true;
    std::size_t i = 0;
    for (; i < c.kinds.size(); ++i) {
      if (--left_[c.kinds[i]] < 0) {
        ok = false;
        ++i;
        break;
      }
    }
    while (i > 0) ++left_[c.kinds[--i]];
    return ok && c.extra <= slack_;
  }

  std::uint64_t hash() const {
    std::uint64_t h = 0;
    for (int k = 0; k < kCardKinds; ++k) h ^= zobrist_[k][static_cast<std::size_t>(left_[k])];
    for (std::size_t p = 0; p < chosen_.size(); ++p)
      if (chosen_[p] >= 0) h ^= pile_zobrist_[p];
    return h;
  }

  bool search() {
    if (++nodes_ > node_limit_) return false;
    // The open pile with the fewest ways left to close; none left refutes the position.
    int pile = -1;
    int fewest = 0;
    for (std::size_t p = 0; p < ways_.size(); ++p) {
      if (chosen_[p] >= 0) continue;
      int count = 0;
      for (const auto& c : ways_[p])
        if (fits(c) && (++count >= fewest && pile >= 0)) break;
      if (count == 0) return false;
      if (pile < 0 || count < fewest) {
        pile = static_cast<int>(p);
        fewest = count;
      }
    }
    if (pile < 0) return true;
    const std::uint64_t key = hash();
    if (refuted_.contains(key)) return false;
    for (std::size_t i = 0; i < ways_[pile].size(); ++i) {
      const Completion& c = ways_[pile][i];
      if (!fits(c)) continue;
      for (const auto k : c.kinds) --left_[k];
      slack_ -= c.extra;
      chosen_[pile] = static_cast<int>(i);
      const bool found = search();
      if (found) return true;
      chosen_[pile] = -1;
      slack_ += c.extra;
      for (const auto k : c.kinds) ++left_[k];
      if (nodes_ > node_limit_) return false;
    }
    refuted_.insert(key);
    return false;
  }

  std::vector<std::vector<Completion>> ways_;
  KindCounts left_;
  std::vector<int> chosen_;
  int slack_ = 0;
  int nodes_ = 0;
  int node_limit_;
  std::array<std::array<std::uint64_t, 3 + kJokersPerBox>, kCardKinds> zobrist_{};
  std::array<std::uint64_t, kPiles> pile_zobrist_{};
  std::unordered_set<std::uint64_t> refuted_;
};

}  // namespace

Plan find_plan(const State& state, std::span<const Card> stock, const PlanLimits& limits) {
  Plan plan;
  KindCounts left{};
  for (const Card c : stock) ++left[kind_of(c)];
  std::vector<int> open;
  std::vector<int> needed;
  int slack = static_cast<int>(stock.size());
  for (int p = 1; p <= kPiles; ++p) {
    if (state.closed[p - 1]) continue;
    open.push_back(p);
    needed.push_back(cards_to_close(state.piles[p - 1], pile_size(p), pile_wild(p), state.rules));
    slack -= std::max(needed.back(), 1);
  }
  if (slack < 0) {
    plan.status = PlanStatus::Impossible;
    return plan;
  }
  const int max_extra = std::min(slack, limits.max_extra);
  bool complete = max_extra == slack;
  std::vector<std::vector<Completion>> ways(open.size());
  int calls = 0;
  for (std::size_t i = 0; i < open.size(); ++i) {
    const int p = open[i];
    std::vector<Card> with = state.piles[p - 1];
    std::vector<std::uint8_t> taken;
    auto& list = ways[i];
    if (!list_completions(with, p, state.rules, needed[i] + max_extra, left, taken, 0, list,
                          calls)) {
      complete = false;
      list.resize(std::min(list.size(), kMaxCompletions));
    }
    for (auto& c : list) c.extra = std::max(0, static_cast<int>(c.kinds.size()) - needed[i]);
    // Fewest extra cards first; a way that holds another whole is never needed.
    std::stable_sort(list.begin(), list.end(),
                     [](const Completion& a, const Completion& b) { return a.extra < b.extra; });
    std::vector<Completion> kept;
    for (auto& c : list) {
      const bool dominated =
          c.extra > 0 && std::any_of(kept.begin(), kept.end(), [&](const Completion& k) {
            return k.kinds.size() < c.kinds.size() && includes(c.kinds, k.kinds);
          });
      if (!dominated) kept.push_back(std::move(c));
    }
    list = std::move(kept);
  }
  PlanSearch search(ways, left, slack, limits.nodes);
  plan.status = search.run();
  if (plan.status == PlanStatus::Impossible && !complete) plan.status = PlanStatus::GaveUp;
  if (plan.status != PlanStatus::Found) return plan;
  for (std::size_t i = 0; i < open.size(); ++i)
    for (const auto k : ways[i][static_cast<std::size_t>(search.chosen()[i])].kinds)
      plan.takes[static_cast<std::size_t>(open[i] - 1)].push_back(card_of_kind(k));
  return plan;
}

Move plan_move(const State& state, Card turned, const Plan& plan) {
  for (int p = 1; p <= kPiles; ++p) {
    const auto& takes = plan.takes[static_cast<std::size_t>(p - 1)];
    if (state.closed[p - 1] || std::find(takes.begin(), takes.end(), turned) == takes.end())
      continue;
    std::vector<Card> rest = takes;
    rest.erase(std::find(rest.begin(), rest.end(), turned));
    std::vector<Card> with = state.piles[p - 1];
    with.push_back(turned);
    // Discard a card whose loss still lets the pile close with the rest of its cards: a
    // natural one if any (a wild fits wherever a natural would), else a wild.
    std::optional<Card> wild_discard;
    for (std::size_t i = 0; i < with.size(); ++i) {
      const bool wild = is_wild(with[i], pile_wild(p));
      if (wild && wild_discard) continue;
      std::vector<Card> after = with;
      after.erase(after.begin() + static_cast<std::ptrdiff_t>(i));
      const bool closes =
          rest.empty() ? all_meld(after, pile_wild(p), state.rules)
                       : (after.insert(after.end(), rest.begin(), rest.end()),
                          cards_to_close(after, pile_size(p), pile_wild(p), state.rules) == 0);
      if (!closes) continue;
      if (!wild) return Move{p, with[i]};
      wild_discard = with[i];
    }
    if (wild_discard) return Move{p, *wild_discard};
  }
  // No pile takes the card: it closes a pile that melds already, else it is discarded at once.
  int first_open = 0;
  for (int p = 1; p <= kPiles; ++p) {
    if (state.closed[p - 1]) continue;
    if (first_open == 0) first_open = p;
    if (all_meld(state.piles[p - 1], pile_wild(p), state.rules)) return Move{p, turned};
  }
  return Move{first_open, turned};
}

}  // namespace crowns::solitaire
