// crowns odds: p1 and p2 against a brute-force computation that looks at every unseen copy and
// every discard one by one (no masks, no pruning, no memo), on seeded hands of every round and
// two boxes; and hand-worked cases with their exact fractions.

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "card_text.hpp"
#include "crowns/deck.hpp"
#include "crowns/odds.hpp"
#include "crowns/rules.hpp"
#include "crowns/solver.hpp"
#include "odds_reference.hpp"
#include "test_size.hpp"

using namespace crowns;
using crowns::test::cards;
using crowns::test::every_card_p1;
using crowns::test::every_card_p2;
using crowns::test::HandOnPurpose;

namespace {

Unseen unseen_for(const std::vector<Card>& hand, int boxes = 1) {
  return *unseen_cards(KnownCards{hand, {}, {}}, boxes);
}

// Every unseen copy as its own card.
std::vector<Card> unseen_list(const std::vector<Card>& known, int boxes) {
  std::vector<Card> deck = full_deck(boxes);
  for (Card c : known) deck.erase(std::find(deck.begin(), deck.end(), c));
  return deck;
}

bool goes_out(std::vector<Card> hand, Card drawn, int wild_rank) {
  hand.push_back(drawn);
  return min_score(hand, wild_rank, HandMode::Drawn) == 0;
}

double brute_p1(const std::vector<Card>& hand, const std::vector<Card>& deck, int wild_rank) {
  int outs = 0;
  for (Card c : deck) outs += goes_out(hand, c, wild_rank) ? 1 : 0;
  return static_cast<double>(outs) / static_cast<double>(deck.size());
}

double brute_p2(const std::vector<Card>& hand, const std::vector<Card>& deck, int wild_rank) {
  double p2 = 0;
  const double total = static_cast<double>(deck.size());
  for (std::size_t i = 0; i < deck.size(); ++i) {
    if (goes_out(hand, deck[i], wild_rank)) {
      p2 += 1 / total;
      continue;
    }
    std::vector<Card> rest = deck;
    rest.erase(rest.begin() + static_cast<long>(i));
    std::vector<Card> drawn = hand;
    drawn.push_back(deck[i]);
    double best = 0;
    for (std::size_t d = 0; d < drawn.size(); ++d) {
      std::vector<Card> kept = drawn;
      kept.erase(kept.begin() + static_cast<long>(d));
      best = std::max(best, brute_p1(kept, rest, wild_rank));
    }
    p2 += best / total;
  }
  return p2;
}

// A hand near going out: a run and a book dealt on purpose, a wild now and then, the rest random
// (random hands alone would almost never go out in one or two draws).
std::vector<Card> near_out_hand(std::mt19937_64& rng, int n, int boxes) {
  HandOnPurpose hand(rng, n, boxes);
  const auto suit = static_cast<Suit>(rng() % kSuitCount);
  const int low = kMinRank + static_cast<int>(rng() % 8);
  const int length = 2 + static_cast<int>(rng() % 3);
  for (int r = low; r < low + length && r <= kMaxRank; ++r) hand.take(Card::natural(r, suit));
  const int rank = kMinRank + static_cast<int>(rng() % kRankCount);
  for (int s = 0; s < 2; ++s) hand.take(Card::natural(rank, static_cast<Suit>(rng() % kSuitCount)));
  if (rng() % 3 == 0) hand.take(Card::joker());
  return std::move(hand).dealt();
}

}  // namespace

TEST_CASE("the joker pre-check gives the numbers of the full loop", "[odds][slow]") {
  // out_chance_* skip a hand whose draw of a joker does not go out: no other card can then.
  std::mt19937_64 rng(777);
  int skipped = 0;
  int tried = 0;
  for (int round = 1; round <= kRounds; ++round) {
    const int n = cards_in_round(round);
    const int wild_rank = wild_rank_of_round(round);
    const int hands = round <= 4 ? 120 : (round <= 8 ? 48 : 24);
    for (int h = 0; h < hands; ++h) {
      auto deck = full_deck(1);
      std::shuffle(deck.begin(), deck.end(), rng);
      // Half random hands, half near going out, with some of the deck seen.
      const auto hand =
          h % 2 == 0 ? std::vector<Card>(deck.begin(), deck.begin() + n) : near_out_hand(rng, n, 1);
      std::vector<Card> seen;
      for (Card c : deck) {
        if (static_cast<int>(seen.size()) == h % 20) break;
        if (std::count(hand.begin(), hand.end(), c) == 0) seen.push_back(c);
      }
      const auto unseen = unseen_cards(KnownCards{hand, {}, seen}, 1);
      REQUIRE(unseen.ok());
      INFO("round " << round << ", hand " << h);
      const double p1 = every_card_p1(hand, wild_rank, *unseen, MeldRules{});
      CHECK(out_chance_one_draw(hand, wild_rank, *unseen, MeldRules{}) == Approx(p1).margin(1e-12));
      if (!goes_out(hand, Card::joker(), wild_rank)) {
        CHECK(p1 == 0);
        ++skipped;
      }
      ++tried;
      if (round <= 6 || h % 6 == 0) {
        CHECK(out_chance_two_draws(hand, wild_rank, *unseen, MeldRules{}) ==
              Approx(every_card_p2(hand, wild_rank, *unseen, MeldRules{})).margin(1e-12));
      }
    }
  }
  CHECK(skipped > tried / 4);  // the pre-check is exercised, not only the loop
}

TEST_CASE("p1 and p2 match the brute force on seeded hands of every round", "[odds][slow]") {
  std::mt19937_64 rng(20261123);
  for (int boxes = 1; boxes <= 2; ++boxes) {
    for (int round = 1; round <= kRounds; ++round) {
      const int n = cards_in_round(round);
      const int wild_rank = wild_rank_of_round(round);
      // p2's brute force is (unseen x hand x unseen) solver calls: fewer hands when large, and
      // half as many at -O0 and under the sanitizers (tests/unit/test_size.hpp), every round
      // and box count still met.
      const int hands =
          static_cast<int>(crowns::test::sized(round <= 4 ? 12 : (round <= 8 ? 4 : 2), 2));
      for (int h = 0; h < hands; ++h) {
        const auto hand = near_out_hand(rng, n, boxes);
        const auto deck = unseen_list(hand, boxes);
        const Unseen unseen = unseen_for(hand, boxes);
        INFO("round " << round << ", boxes " << boxes << ", hand " << h);
        CHECK(out_chance_one_draw(hand, wild_rank, unseen, MeldRules{}) ==
              Approx(brute_p1(hand, deck, wild_rank)).margin(1e-12));
        if (boxes == 1 || round <= 6) {
          CHECK(out_chance_two_draws(hand, wild_rank, unseen, MeldRules{}) ==
                Approx(brute_p2(hand, deck, wild_rank)).margin(1e-12));
        }
      }
    }
  }
}

TEST_CASE("hand-worked odds", "[odds]") {
  SECTION("round 1: 7h 7s 9h goes out with any 7, the 8h or a wild") {
    // Unseen: 116 - 3 = 113. Sevens: 7h and 7s have one copy left, 7c 7d 7* two each = 8;
    // 8h: 2; wilds: ten 3s and six jokers = 16. 26 / 113.
    const auto hand = cards("7h 7s 9h");
    CHECK(out_chance_one_draw(hand, 3, unseen_for(hand), MeldRules{}) ==
          Approx(26.0 / 113).margin(1e-12));
  }
  SECTION("round 1: Kd Qc 9s cannot go out in one draw") {
    const auto hand = cards("Kd Qc 9s");
    CHECK(out_chance_one_draw(hand, 3, unseen_for(hand), MeldRules{}) == 0);
  }
  SECTION("a hand that already melds goes out with any card, twice over") {
    const auto hand = cards("7h 8h 9h");
    const auto unseen = unseen_for(hand);
    CHECK(out_chance_one_draw(hand, 3, unseen, MeldRules{}) == 1);
    CHECK(out_chance_two_draws(hand, 3, unseen, MeldRules{}) == 1);
  }
  SECTION("seen cards leave the deck: with both 8h and every wild seen, only the 7s go out") {
    const auto hand = cards("7h 7s 9h");
    const auto seen = cards("8h 8h jk jk jk jk jk jk 3s 3s 3h 3h 3c 3c 3d 3d 3* 3*");
    const Unseen unseen = *unseen_cards(KnownCards{hand, {}, seen}, 1);
    CHECK(unseen.total == 113 - 18);
    CHECK(out_chance_one_draw(hand, 3, unseen, MeldRules{}) == Approx(8.0 / 95).margin(1e-12));
  }
  SECTION("round 2: 5h 6h 7h Kc: the Kc must go, so only the 8h or a wild goes out") {
    // One meld of 4 from 5 cards. 4s are wild, so the run cannot reach down to 3h; the 8h
    // (2 copies) extends it, and so does any wild (ten 4s and six jokers): 18 of 112.
    const auto hand = cards("5h 6h 7h Kc");
    CHECK(out_chance_one_draw(hand, 4, unseen_for(hand), MeldRules{}) ==
          Approx(18.0 / 112).margin(1e-12));
  }
}

TEST_CASE("from three draws on the odds are sampled, seeded and never below p2", "[odds]") {
  const auto hand = cards("7h 7s 9h Kd");
  const Unseen unseen = unseen_for(hand);
  OddsOptions options;
  options.turns = 4;
  options.samples = 3000;
  const auto a = out_within(hand, 4, unseen, MeldRules{}, options);
  const auto b = out_within(hand, 4, unseen, MeldRules{}, options);
  REQUIRE(a.size() == 4);
  CHECK(a[0].exact);
  CHECK(a[1].exact);
  CHECK_FALSE(a[2].exact);
  CHECK(a[2].margin > 0);
  CHECK(a[2].p == b[2].p);  // same seed, same estimate
  CHECK(a[3].p >= a[2].p);
  CHECK(a[2].p + a[2].margin >= a[1].p);
}

TEST_CASE("odds check their hand in core, as advice does", "[odds]") {
  for (int round = 1; round <= kRounds; ++round)
    CHECK(odds_round(cards_in_round(round)).value() == round);
  const auto none = odds_round(14);
  REQUIRE_FALSE(none.ok());
  CHECK(none.error() == "a hand of 14 cards fits no round (3-13 cards, before the draw)");
  CHECK(none.failure().hint.kind == HintKind::NameRound);

  const auto hand = cards("7h 8h 9h Ks jk");
  const auto seen = cards("Qd");
  const auto top = cards("4c");
  const auto unseen = check_odds_hand(3, hand, seen, top.front(), 1);
  REQUIRE(unseen.ok());
  CHECK(unseen->total == kCardsPerBox - 7);
  CHECK(unseen->count == unseen_cards(KnownCards{hand, top, seen}, 1)->count);

  const auto wrong_size = check_odds_hand(4, hand, {}, std::nullopt, 1);
  REQUIRE_FALSE(wrong_size.ok());
  CHECK(wrong_size.error() ==
        "round 4 deals 6 cards, but the hand has 5 (odds are for a hand before its draw)");
  CHECK(check_odds_hand(12, hand, {}, std::nullopt, 1).error() ==
        "round 12 is out of range (rounds are 1-11)");
  const auto copies = check_odds_hand(1, cards("7h 7h 9h"), cards("7h"), std::nullopt, 1);
  REQUIRE_FALSE(copies.ok());
  CHECK(copies.error().find("7h is given 3 times") == 0);
}
