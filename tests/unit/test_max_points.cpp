// The largest score a hand can hold (rules.hpp: max_round_points) derived again by an exhaustive
// search with the exact solver, and each maximum shown by a real hand.
//
// Why the search below misses no hand (so "no hand exceeds the table" is proved, not sampled):
//  1. Bound. For hands H and R, min_score(H + R) <= min_score(H) + points(R): H's best
//     arrangement is still an arrangement of H + R, with R left in hand. The search adds
//     cards kind by kind, dearest kind first, so points(R) is at most the sum of the dearest
//     cards of the kinds not yet decided. A branch whose bound cannot beat the best score
//     found so far holds no better hand, and is cut.
//  2. Suits. Renaming suits maps hands to hands of the same score (books ignore suits, runs
//     only need one suit). Every hand can be renamed so that, read in the search's order
//     (rank by rank from King down, suits in order inside a rank), each suit first met is the
//     next unused one; only such hands are visited.
//  3. Wild-rank cards. A card of the wild rank is wild whatever its suit (it may stand for
//     itself, which any wild may), so the suit of a wild-rank card never changes a score; one
//     kind stands for all of them, up to the 10 (20 with two boxes) the boxes hold.
//  4. Copies. Each natural card is taken at most twice per box, jokers six times per box: the
//     limits of check_copies().
// Every hand of n cards is therefore either visited or inside a cut branch that holds no hand
// scoring more than the maximum found.

#include <algorithm>
#include <catch2/catch.hpp>
#include <string_view>
#include <utility>
#include <vector>

#include "crowns/card.hpp"
#include "crowns/rules.hpp"
#include "crowns/scoring.hpp"
#include "crowns/solver.hpp"

using namespace crowns;

namespace {

struct Kind {
  Card card;
  int points = 0;
  int most = 0;   // copies the boxes hold
  int suit = -1;  // the suit of a natural card, for the symmetry rule; -1 for wild kinds
  bool wild_rank = false;
};

class MaxSearch {
 public:
  MaxSearch(int cards, int wild_rank, int boxes) : cards_(cards), wild_(wild_rank) {
    kinds_.push_back({Card::joker(), kJokerPoints, kJokersPerBox * boxes, -1, false});
    kinds_.push_back({Card::natural(wild_rank, Suit::Stars), kWildPoints,
                      kCopiesPerBox * kSuitCount * boxes, -1, true});
    for (int rank = kMaxRank; rank >= kMinRank; --rank) {
      if (rank == wild_rank) continue;
      for (int s = 0; s < kSuitCount; ++s) {
        kinds_.push_back(
            {Card::natural(rank, static_cast<Suit>(s)), rank, kCopiesPerBox * boxes, s, false});
      }
    }
  }

  void run() { visit(0, 0); }
  [[nodiscard]] int best() const { return best_; }
  [[nodiscard]] const std::vector<Card>& witness() const { return witness_; }
  [[nodiscard]] long visited() const { return visited_; }

 private:
  // The most points `left` more cards can add, taken from kinds[from..].
  [[nodiscard]] int dearest(std::size_t from, int left) const {
    int sum = 0;
    for (std::size_t k = from; k < kinds_.size() && left > 0; ++k) {
      const int take = std::min(left, kinds_[k].most);
      sum += take * kinds_[k].points;
      left -= take;
    }
    return sum;
  }

  void visit(std::size_t kind, int used_suits) {
    ++visited_;
    const int left = cards_ - static_cast<int>(hand_.size());
    const int now = min_score(hand_, wild_, HandMode::Dealt);
    if (left == 0) {
      if (now > best_) {
        best_ = now;
        witness_ = hand_;
      }
      return;
    }
    if (kind == kinds_.size() || now + dearest(kind, left) <= best_) return;
    const Kind& k = kinds_[kind];
    // A suit met before the next unused one would be a renamed copy of a visited hand.
    const int most = k.suit > used_suits ? 0 : std::min(k.most, left);
    for (int take = most; take >= 0; --take) {
      for (int i = 0; i < take; ++i) {
        // Wild-rank cards get suits in turn, two of each per box, so the witness is legal.
        Card c = k.card;
        if (k.wild_rank) c.suit = static_cast<Suit>(wild_cards_++ % kSuitCount);
        hand_.push_back(c);
      }
      const int suits = take > 0 && k.suit == used_suits ? used_suits + 1 : used_suits;
      visit(kind + 1, suits);
      for (int i = 0; i < take; ++i) {
        hand_.pop_back();
        if (k.wild_rank) --wild_cards_;
      }
    }
  }

  int cards_;
  int wild_;
  std::vector<Kind> kinds_;
  std::vector<Card> hand_;
  int wild_cards_ = 0;
  int best_ = -1;
  std::vector<Card> witness_;
  long visited_ = 0;
};

std::string text(const std::vector<Card>& hand) {
  std::string out;
  for (Card c : hand) out += (out.empty() ? "" : " ") + to_string(c);
  return out;
}

}  // namespace

TEST_CASE("max_round_points: the exhaustive search finds the table, each maximum is a real hand",
          "[rules][max_points][slow]") {
  for (int boxes = 1; boxes <= 2; ++boxes) {
    for (int cards = 3; cards <= 13; ++cards) {
      MaxSearch search(cards, cards, boxes);
      search.run();
      const auto& hand = search.witness();
      INFO(cards << " cards, " << boxes << " box(es): " << search.best() << " by " << text(hand)
                 << " after " << search.visited() << " partial hands");
      CHECK(search.best() == max_round_points(cards));
      REQUIRE(static_cast<int>(hand.size()) == cards);
      CHECK(check_copies(hand, boxes).ok());
      CHECK(min_score(hand, cards, HandMode::Dealt) == max_round_points(cards));
    }
  }
  CHECK(max_round_points(2) == 0);
  CHECK(max_round_points(14) == 0);
}

TEST_CASE("max_round_points: the hands named in rules.cpp reach the table", "[rules]") {
  const std::vector<std::pair<int, std::string_view>> hands = {
      {3, "jk Ks Qh"},
      {6, "jk Ks Qh Jc 10d 9*"},
      {11, "jk Ks Qh 10c 9d 8* 7s 6h 5c 4d 3*"},
      {12, "Ks Ks Js Js 10s 10s 9h 9h 8s 8s 7s 7s"},
      {13, "Qs Qs Js Js 10h 10h 9s 9s 8s 8s 7h 7h 6s"}};
  for (const auto& [cards, shown] : hands) {
    INFO(shown);
    const auto hand = parse_cards(shown);
    REQUIRE(hand.ok());
    REQUIRE(static_cast<int>(hand->size()) == cards);
    CHECK(check_copies(*hand, 1).ok());
    CHECK(min_score(*hand, cards, HandMode::Dealt) == max_round_points(cards));
  }
  // Round 1 as the issue put it: a joker with a K and a Q of one suit melds (Q K + joker).
  CHECK(min_score(*parse_cards("jk Ks Qs"), 3, HandMode::Dealt) == 0);
  CHECK(max_round_points(3) == 75);
  CHECK(max_round_points(kTieBreakCards) == 105);
}
