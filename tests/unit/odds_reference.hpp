#pragma once
// The odds of going out by the full loop, no shortcut: every kind of unseen card drawn and tried
// in the solver under the given meld rules. The reference that test_odds.cpp (standard rules)
// and test_rules_assistant.cpp (every switch) hold the odds' shortcuts against.

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

#include "crowns/deck.hpp"
#include "crowns/house_rules.hpp"
#include "crowns/odds.hpp"
#include "crowns/solver.hpp"

namespace crowns::test {

/// A hand of `n` cards dealt on purpose from a shuffled box (the odds' tests build hands near
/// going out: random hands alone would almost never go out in one or two draws). take() moves
/// a wanted card to the hand while the box still holds one and the hand has room; the rest is
/// dealt at random.
class HandOnPurpose {
 public:
  HandOnPurpose(std::mt19937_64& rng, int n, int boxes) : n_(n), pool_(full_deck(boxes)) {
    std::shuffle(pool_.begin(), pool_.end(), rng);
  }

  void take(Card want) {
    const auto it = std::find(pool_.begin(), pool_.end(), want);
    if (it == pool_.end() || static_cast<int>(hand_.size()) >= n_) return;
    hand_.push_back(*it);
    pool_.erase(it);
  }

  /// The hand, filled from the top of the shuffled box.
  std::vector<Card> dealt() && {
    while (static_cast<int>(hand_.size()) < n_) {
      hand_.push_back(pool_.back());
      pool_.pop_back();
    }
    return std::move(hand_);
  }

 private:
  int n_;
  std::vector<Card> pool_;
  std::vector<Card> hand_;
};

inline bool out_under(std::vector<Card> hand, Card drawn, int wild_rank, MeldRules rules) {
  hand.push_back(drawn);
  return min_score(hand, wild_rank, HandMode::Drawn, rules) == 0;
}

// The chance that the next draw goes out: unseen copies counted one by one.
inline double every_card_p1(const std::vector<Card>& hand, int wild_rank, const Unseen& unseen,
                            MeldRules rules) {
  int outs = 0;
  for (int k = 0; k < kCardKinds; ++k) {
    const int copies = unseen.count[static_cast<std::size_t>(k)];
    if (copies > 0 && out_under(hand, card_of_kind(k), wild_rank, rules)) outs += copies;
  }
  return unseen.total > 0 ? static_cast<double>(outs) / unseen.total : 0;
}

// The chance of going out within two draws, throwing the best card after the first: kinds
// instead of copies, so cheap enough for many hands.
inline double every_card_p2(const std::vector<Card>& hand, int wild_rank, const Unseen& unseen,
                            MeldRules rules) {
  double p2 = 0;
  for (int k = 0; k < kCardKinds; ++k) {
    const int copies = unseen.count[static_cast<std::size_t>(k)];
    if (copies == 0) continue;
    const double chance = static_cast<double>(copies) / unseen.total;
    const Card card = card_of_kind(k);
    if (out_under(hand, card, wild_rank, rules)) {
      p2 += chance;
      continue;
    }
    Unseen rest = unseen;
    rest.remove(card);
    std::vector<Card> drawn = hand;
    drawn.push_back(card);
    double best = 0;
    for (std::size_t d = 0; d < drawn.size(); ++d) {
      std::vector<Card> kept = drawn;
      kept.erase(kept.begin() + static_cast<long>(d));
      best = std::max(best, every_card_p1(kept, wild_rank, rest, rules));
    }
    p2 += chance * best;
  }
  return p2;
}

}  // namespace crowns::test
