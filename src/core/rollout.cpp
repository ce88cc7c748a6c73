#include "crowns/rollout.hpp"

#include <algorithm>
#include <span>
#include <utility>

#include "crowns/rules.hpp"
#include "crowns/solver.hpp"

namespace crowns {
namespace {

// A round played out cannot last longer than this many turns (it never comes close: it keeps a
// pathological deal from looping).
constexpr int kMaxRolloutTurns = 400;

template <typename Rng>
void shuffle_cards(std::vector<Card>& cards, Rng& rng) {
  for (std::size_t i = cards.size(); i > 1; --i) std::swap(cards[i - 1], cards[rng.below(i)]);
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  SplitMix64 m(h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6U) + (h >> 2U)));
  return m.next();
}

std::uint64_t mix_cards(std::uint64_t h, std::vector<Card> cards) {
  std::sort(cards.begin(), cards.end());
  h = mix(h, cards.size());
  for (Card c : cards) h = mix(h, static_cast<std::uint64_t>(kind_of(c)));
  return h;
}

// The card of `hand` (but `keep`) whose throw leaves the lowest score, and that score: greedy's
// discard (ties: a natural card before a wild, then the higher points).
std::pair<std::size_t, int> greedy_throw(std::vector<Card>& hand, int wild_rank, MeldRules rules,
                                         std::optional<Card> keep) {
  const std::size_t n = hand.size() - 1;
  std::size_t best = hand.size();
  int best_score = 0;
  for (std::size_t i = 0; i < hand.size(); ++i) {
    const Card d = hand[i];
    if (keep && d == *keep) continue;
    bool repeat = false;  // a copy already tried scores the same
    for (std::size_t j = 0; j < i; ++j) repeat = repeat || hand[j] == d;
    if (repeat) continue;
    std::swap(hand[i], hand[n]);
    const int score =
        min_score(std::span<const Card>(hand.data(), n), wild_rank, HandMode::Dealt, rules);
    std::swap(hand[i], hand[n]);
    bool better = best == hand.size() || score < best_score;
    if (!better && score == best_score) {
      const bool d_wild = is_wild(d, wild_rank);
      const bool b_wild = is_wild(hand[best], wild_rank);
      better = d_wild != b_wild ? !d_wild
                                : card_points(d, wild_rank) > card_points(hand[best], wild_rank);
    }
    if (better) {
      best = i;
      best_score = score;
    }
  }
  if (best == hand.size()) best = 0;  // only `keep`: it must go
  return {best, best_score};
}

}  // namespace

Determinization determinize(const Situation& s, const Unseen& unseen, SplitMix64& rng) {
  std::vector<Card> pool;
  pool.reserve(static_cast<std::size_t>(std::max(0, unseen.total)));
  for (int k = 0; k < kCardKinds; ++k) {
    for (int i = 0; i < unseen.count[static_cast<std::size_t>(k)]; ++i)
      pool.push_back(card_of_kind(k));
  }
  shuffle_cards(pool, rng);
  const auto n = static_cast<std::size_t>(cards_in_round(s.round));
  Determinization d;
  d.opponents.resize(static_cast<std::size_t>(std::max(1, s.players - 1)));
  d.opponents.front() = s.next_holds;
  for (auto& hand : d.opponents) {
    while (hand.size() < n && !pool.empty()) {
      hand.push_back(pool.back());
      pool.pop_back();
    }
  }
  const std::size_t stock =
      s.stock ? std::min(pool.size(), static_cast<std::size_t>(*s.stock)) : pool.size();
  d.buried.assign(pool.begin(), pool.end() - static_cast<std::ptrdiff_t>(stock));
  d.stock.assign(pool.end() - static_cast<std::ptrdiff_t>(stock), pool.end());
  return d;
}

std::uint64_t situation_seed(const Situation& s) {
  std::uint64_t h = 0x243f6a8885a308d3ULL;
  h = mix(h, static_cast<std::uint64_t>(s.round));
  h = mix(h, static_cast<std::uint64_t>(s.players));
  h = mix(h, static_cast<std::uint64_t>(s.boxes));
  h = mix(h, s.stock ? static_cast<std::uint64_t>(*s.stock) + 1 : 0);
  h = mix(h, s.top ? static_cast<std::uint64_t>(kind_of(*s.top)) + 1 : 0);
  h = mix(h, s.must_keep ? static_cast<std::uint64_t>(kind_of(*s.must_keep)) + 1 : 0);
  h = mix_cards(h, s.hand);
  h = mix_cards(h, s.seen);
  return mix_cards(h, s.next_holds);
}

double rollout_difference(const Situation& s, const Determinization& d, std::vector<Card> hand,
                          std::vector<Card> pile, std::uint64_t seed, const DiscardPolicy& mine) {
  const int wild_rank = wild_rank_of_round(s.round);
  SplitMix64 rng(seed);
  std::vector<std::vector<Card>> hands;
  hands.reserve(d.opponents.size() + 1);
  hands.push_back(std::move(hand));
  hands.insert(hands.end(), d.opponents.begin(), d.opponents.end());
  std::vector<Card> stock = d.stock;
  std::vector<Card> buried = d.buried;
  const std::size_t players = hands.size();
  std::vector<int> scores(players);
  for (std::size_t p = 0; p < players; ++p)
    scores[p] = min_score(hands[p], wild_rank, HandMode::Dealt, s.rules);
  int out = scores[0] == 0 ? 0 : -1;
  std::size_t seat = 1 % players;
  for (int turn = 0; turn < kMaxRolloutTurns; ++turn, seat = (seat + 1) % players) {
    if (static_cast<int>(seat) == out) break;
    auto& h = hands[seat];
    std::optional<Card> keep;
    if (!pile.empty()) {
      const Card top = pile.back();
      h.push_back(top);
      if (is_wild(top, wild_rank) ||
          min_score(h, wild_rank, HandMode::Drawn, s.rules) < scores[seat]) {
        keep = top;
        pile.pop_back();
      } else {
        h.pop_back();
      }
    }
    if (!keep) {
      if (stock.empty()) {
        // The dead discards (and the cards under the pile) are shuffled into a new stock.
        stock = std::move(buried);
        buried.clear();
        if (!pile.empty()) stock.insert(stock.end(), pile.begin(), pile.end() - 1);
        if (!pile.empty()) pile.erase(pile.begin(), pile.end() - 1);
        shuffle_cards(stock, rng);
      }
      if (stock.empty()) break;
      h.push_back(stock.back());
      stock.pop_back();
    }
    auto [index, score] = greedy_throw(h, wild_rank, s.rules, keep);
    if (seat == 0 && mine && score > 0) {
      const Card chosen = mine(h, keep);
      index = static_cast<std::size_t>(std::find(h.begin(), h.end(), chosen) - h.begin());
      std::swap(h[index], h.back());
      score = min_score(std::span<const Card>(h.data(), h.size() - 1), wild_rank, HandMode::Dealt,
                        s.rules);
      index = h.size() - 1;
    }
    pile.push_back(h[index]);
    h.erase(h.begin() + static_cast<std::ptrdiff_t>(index));
    scores[seat] = score;
    if (out < 0 && score == 0) out = static_cast<int>(seat);
  }
  double others = 0;
  for (std::size_t p = 1; p < players; ++p) others += scores[p];
  return scores[0] - others / static_cast<double>(std::max<std::size_t>(1, players - 1));
}

}  // namespace crowns
