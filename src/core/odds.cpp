#include "crowns/odds.hpp"

#include <algorithm>
#include <bitset>
#include <string>
#include <unordered_map>

#include "crowns/hand_round.hpp"
#include "crowns/plural.hpp"
#include "crowns/random.hpp"
#include "crowns/rules.hpp"
#include "crowns/solver.hpp"

namespace crowns {
namespace {

using OutMask = std::bitset<kCardKinds>;

// The kinds of card that make a hand of n cards go out, memoized by the hand's multiset.
class OutMasks {
 public:
  OutMasks(int wild_rank, const Unseen& unseen, MeldRules rules)
      : wild_rank_(wild_rank), unseen_(unseen), rules_(rules) {}

  const OutMask& of(std::vector<Card> cards) {
    std::sort(cards.begin(), cards.end());
    std::string key;
    for (Card c : cards) key += static_cast<char>(kind_of(c));
    if (const auto it = cache_.find(key); it != cache_.end()) return it->second;
    OutMask mask;
    std::vector<Card> drawn = cards;
    drawn.push_back(Card::joker());
    if (min_score(cards, wild_rank_, HandMode::Dealt, rules_) == 0) {
      mask.set();
    } else if (min_score(drawn, wild_rank_, HandMode::Drawn, rules_) == 0) {
      // A joker goes out: try each card that could join the hand's melds.
      for (int k = 0; k < kCardKinds; ++k) {
        if (unseen_.count[static_cast<std::size_t>(k)] == 0) continue;
        if (k == kJokerKind) {
          mask.set(static_cast<std::size_t>(k));
          continue;
        }
        if (!could_join_melds(cards, card_of_kind(k), wild_rank_, rules_)) continue;
        drawn.back() = card_of_kind(k);
        if (min_score(drawn, wild_rank_, HandMode::Drawn, rules_) == 0)
          mask.set(static_cast<std::size_t>(k));
      }
    } else if (rules_.wild_melds == WildMelds::DoNotCount) {
      // A joker stands for any card in a meld that keeps a natural one, so a card that goes
      // out where a joker does not is the only natural card of its meld: with the wilds there
      // it makes a book, and so does any other natural card. One natural card drawn settles
      // them all; a card of the wild rank is a wild, out no more than a joker.
      drawn.back() = Card::natural(wild_rank_ == kMaxRank ? kMinRank : kMaxRank, Suit::Hearts);
      if (min_score(drawn, wild_rank_, HandMode::Drawn, rules_) == 0) {
        for (int k = 0; k < kJokerKind; ++k) {
          if (unseen_.count[static_cast<std::size_t>(k)] > 0 &&
              !is_wild(card_of_kind(k), wild_rank_))
            mask.set(static_cast<std::size_t>(k));
        }
      }
    }
    // Else (wild-only melds counted) a joker stands for any card or is the discard itself:
    // when it does not take the hand out, no card does.
    return cache_.emplace(std::move(key), mask).first->second;
  }

 private:
  int wild_rank_;
  const Unseen& unseen_;
  MeldRules rules_;
  std::unordered_map<std::string, OutMask> cache_;
};

double share(const OutMask& mask, const Unseen& unseen) {
  if (unseen.total <= 0) return 0;
  int outs = 0;
  for (int k = 0; k < kCardKinds; ++k) {
    if (mask.test(static_cast<std::size_t>(k))) outs += unseen.count[static_cast<std::size_t>(k)];
  }
  return static_cast<double>(outs) / unseen.total;
}

std::vector<Card> distinct_cards(std::vector<Card> cards) {
  std::sort(cards.begin(), cards.end());
  cards.erase(std::unique(cards.begin(), cards.end()), cards.end());
  return cards;
}

// The discard of n+1 cards that leaves the largest p1 against `unseen`.
std::vector<Card> best_keep(const std::vector<Card>& drawn, const Unseen& unseen, OutMasks& masks,
                            double* p1) {
  std::vector<Card> best;
  *p1 = -1;
  for (Card d : distinct_cards(drawn)) {
    auto kept = without(drawn, d);
    const double p = share(masks.of(kept), unseen);
    if (p > *p1) {
      *p1 = p;
      best = std::move(kept);
    }
  }
  return best;
}

double two_draws(std::span<const Card> hand, const Unseen& unseen, OutMasks& masks) {
  const std::vector<Card> cards(hand.begin(), hand.end());
  const OutMask& first = masks.of(cards);
  double p2 = share(first, unseen);
  if (unseen.total <= 1) return p2;
  std::vector<Card> drawn = cards;
  drawn.push_back(Card::joker());
  for (int k = 0; k < kCardKinds; ++k) {
    const int copies = unseen.count[static_cast<std::size_t>(k)];
    if (copies == 0 || first.test(static_cast<std::size_t>(k))) continue;
    drawn.back() = card_of_kind(k);
    Unseen rest = unseen;
    rest.remove(drawn.back());
    double p1 = 0;
    best_keep(drawn, rest, masks, &p1);
    p2 += static_cast<double>(copies) / unseen.total * p1;
  }
  return p2;
}

}  // namespace

Expected<int> odds_round(int cards) {
  if (const auto round = round_of_hand(cards, HandMode::Dealt)) return *round;
  return Failure{
      "a hand of " + counted(cards, "card") + " fits no round (3-13 cards, before the draw)",
      {.kind = HintKind::NameRound}};
}

Expected<Unseen> check_odds_hand(int round, std::span<const Card> hand, std::span<const Card> seen,
                                 std::optional<Card> top, int boxes) {
  if (!is_valid_round(round)) return Failure{round_out_of_range(round)};
  const int n = cards_in_round(round);
  if (static_cast<int>(hand.size()) != n) {
    return Failure{"round " + std::to_string(round) + " deals " + std::to_string(n) +
                   " cards, but the hand has " + std::to_string(hand.size()) +
                   " (odds are for a hand before its draw)"};
  }
  std::vector<Card> top_cards;
  if (top) top_cards.push_back(*top);
  return unseen_cards(KnownCards{hand, top_cards, seen}, boxes);
}

double out_chance_one_draw(std::span<const Card> hand, int wild_rank, const Unseen& unseen,
                           MeldRules rules) {
  OutMasks masks(wild_rank, unseen, rules);
  return share(masks.of(std::vector<Card>(hand.begin(), hand.end())), unseen);
}

std::vector<Card> out_cards(std::span<const Card> hand, int wild_rank, const Unseen& unseen,
                            MeldRules rules) {
  OutMasks masks(wild_rank, unseen, rules);
  const OutMask& mask = masks.of(std::vector<Card>(hand.begin(), hand.end()));
  std::vector<Card> cards;
  for (int k = 0; k < kCardKinds; ++k) {
    if (mask.test(static_cast<std::size_t>(k)) && unseen.count[static_cast<std::size_t>(k)] > 0)
      cards.push_back(card_of_kind(k));
  }
  std::sort(cards.begin(), cards.end());
  return cards;
}

double out_chance_two_draws(std::span<const Card> hand, int wild_rank, const Unseen& unseen,
                            MeldRules rules) {
  OutMasks masks(wild_rank, unseen, rules);
  return two_draws(hand, unseen, masks);
}

std::vector<OutChance> out_within(std::span<const Card> hand, int wild_rank, const Unseen& unseen,
                                  MeldRules rules, const OddsOptions& options) {
  OutMasks masks(wild_rank, unseen, rules);
  std::vector<OutChance> result;
  const std::vector<Card> cards(hand.begin(), hand.end());
  const auto exact = [](double p) { return OutChance{p, true, 0, Interval{p, p}}; };
  result.push_back(exact(share(masks.of(cards), unseen)));
  if (options.turns >= 2) result.push_back(exact(two_draws(hand, unseen, masks)));
  if (options.turns < 3) return result;

  // Monte-Carlo: play `samples` draw sequences with the p1-greedy discard; count the first draw
  // that goes out.
  std::vector<int> out_at(static_cast<std::size_t>(options.turns) + 1, 0);
  SplitMix64 rng(options.seed);
  for (int game = 0; game < options.samples; ++game) {
    Unseen left = unseen;
    std::vector<Card> kept = cards;
    for (int draw = 1; draw <= options.turns && left.total > 0; ++draw) {
      auto pick = static_cast<int>(rng.below(static_cast<std::uint64_t>(left.total)));
      int kind = 0;
      while (pick >= left.count[static_cast<std::size_t>(kind)])
        pick -= left.count[static_cast<std::size_t>(kind++)];
      const Card card = card_of_kind(kind);
      left.remove(card);
      if (masks.of(kept).test(static_cast<std::size_t>(kind))) {
        ++out_at[static_cast<std::size_t>(draw)];
        break;
      }
      if (draw == options.turns) break;
      kept.push_back(card);
      double p1 = 0;
      kept = best_keep(kept, left, masks, &p1);
    }
  }
  int cumulative = 0;
  for (int k = 1; k <= options.turns; ++k) {
    cumulative += out_at[static_cast<std::size_t>(k)];
    if (k <= 2) continue;
    const Interval interval = wilson_interval(cumulative, options.samples);
    result.push_back(OutChance{static_cast<double>(cumulative) / options.samples, false,
                               interval.half_width(), interval});
  }
  return result;
}

}  // namespace crowns
