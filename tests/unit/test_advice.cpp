// The advisor: forced answers (taking goes out, a discard that goes out, the exact minimum on
// the last turn) and the checks that refuse a situation that cannot happen.

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "card_text.hpp"
#include "crowns/advice.hpp"
#include "crowns/deck.hpp"
#include "crowns/rules.hpp"
#include "crowns/solver.hpp"

using namespace crowns;
using crowns::test::card;
using crowns::test::cards;

namespace {

Situation situation(int round, const char* hand) {
  Situation s;
  s.round = round;
  s.hand = cards(hand);
  return s;
}

}  // namespace

TEST_CASE("taking the top discard that goes out is advised", "[advise]") {
  auto s = situation(1, "7h 8h Kd");
  s.top = card("9h");
  const auto unseen = check_situation(s);
  REQUIRE(unseen.ok());
  const auto a = advise_draw(s, *unseen);
  CHECK(a.take);
  CHECK(a.goes_out);
  REQUIRE(a.discard);
  CHECK(*a.discard == card("Kd"));
}

TEST_CASE("a discard that goes out is advised first", "[advise]") {
  auto s = situation(4, "5c 5d 5s Jh Qh Kh 9d");
  const auto unseen = check_situation(s);
  REQUIRE(unseen.ok());
  const auto a = advise_discard(s, *unseen);
  CHECK(a.options.front().discard == card("9d"));
  CHECK(a.options.front().goes_out);
  CHECK(a.options.size() == 7);
  CHECK(std::none_of(a.options.begin() + 1, a.options.end(),
                     [](const DiscardOption& o) { return o.goes_out; }));
}

TEST_CASE("the advisor keeps a wild and throws the card that leads nowhere", "[advise]") {
  // Round 2 (4s wild), drawn hand: the joker makes 7h 8h jk a run; Kc goes.
  auto s = situation(2, "7h 8h jk Kc 3s");
  const auto unseen = check_situation(s);
  REQUIRE(unseen.ok());
  const auto a = advise_discard(s, *unseen);
  CHECK(!(a.options.front().discard == card("jk")));
}

TEST_CASE("on the last turn the advice is the exact minimum", "[advise]") {
  std::mt19937_64 rng(11);
  for (int round = 1; round <= kRounds; ++round) {
    for (int trial = 0; trial < 5; ++trial) {
      auto deck = full_deck(1);
      std::shuffle(deck.begin(), deck.end(), rng);
      const int n = cards_in_round(round);
      const int wild_rank = wild_rank_of_round(round);
      Situation s;
      s.round = round;
      s.last = true;
      s.hand.assign(deck.begin(), deck.begin() + n + 1);
      auto unseen = check_situation(s);
      REQUIRE(unseen.ok());
      const auto discard = advise_discard(s, *unseen);
      CHECK(discard.options.front().score_now == min_score(s.hand, wild_rank, HandMode::Drawn));

      // Before drawing: take exactly when the top card scores no more than the exact mean of
      // a deck draw over every unseen copy.
      s.hand.pop_back();
      s.top = deck[static_cast<std::size_t>(n)];
      unseen = check_situation(s);
      REQUIRE(unseen.ok());
      std::vector<Card> with = s.hand;
      with.push_back(*s.top);
      const int take_score = min_score(with, wild_rank, HandMode::Drawn);
      double sum = 0;
      for (auto it = deck.begin() + n + 1; it != deck.end(); ++it) {
        with.back() = *it;
        sum += min_score(with, wild_rank, HandMode::Drawn);
      }
      const double draw_mean = sum / static_cast<double>(deck.size() - n - 1);
      const auto draw = advise_draw(s, *unseen);
      INFO("round " << round << " trial " << trial);
      CHECK(draw.take_ev == take_score);
      CHECK(draw.draw_ev == Approx(draw_mean).epsilon(1e-12));
      CHECK(draw.take == (take_score <= draw_mean));
    }
  }
}

TEST_CASE("the card just taken from the pile is not thrown back", "[advise]") {
  auto s = situation(1, "7h 8h Kd Qc");
  s.must_keep = card("Qc");
  const auto unseen = check_situation(s);
  REQUIRE(unseen.ok());
  const auto a = advise_discard(s, *unseen);
  for (const auto& o : a.options) CHECK(!(o.discard == card("Qc")));
}

TEST_CASE("a discard that feeds the next player's known cards ranks below its twin", "[advise]") {
  // Round 3 (5s wild), after drawing: a run of clubs, a 4 and two kings. Throwing either king
  // is worth the same, until the next player is known to hold the Qh: then Kh could join it.
  auto s = situation(3, "9c 10c Jc 4s Kd Kh");
  auto rank_of = [](const DiscardAdvice& a, const char* text) {
    const auto it = std::find_if(a.options.begin(), a.options.end(),
                                 [&](const DiscardOption& o) { return o.discard == card(text); });
    REQUIRE(it != a.options.end());
    return it - a.options.begin();
  };
  s.seen = cards("Qh");
  const auto blind = advise_discard(s, *check_situation(s));
  const auto& kd = blind.options[static_cast<std::size_t>(rank_of(blind, "Kd"))];
  const auto& kh = blind.options[static_cast<std::size_t>(rank_of(blind, "Kh"))];
  CHECK(kd.value == Approx(kh.value));
  CHECK_FALSE(kh.feeds);

  s.seen.clear();
  s.next_holds = cards("Qh");  // the same card, now known to be in the next player's hand
  const auto known = advise_discard(s, *check_situation(s));
  CHECK(rank_of(known, "Kd") < rank_of(known, "Kh"));
  const auto& kh2 = known.options[static_cast<std::size_t>(rank_of(known, "Kh"))];
  const auto& kd2 = known.options[static_cast<std::size_t>(rank_of(known, "Kd"))];
  CHECK(kh2.feeds);
  CHECK_FALSE(kd2.feeds);
  CHECK(kh2.value == Approx(kd2.value + kFeedCharge));
  CHECK(kh2.ev == Approx(kd2.ev));  // the charge is in the ranking, not in the points

  AdvisorSettings settings;  // the charge is a setting (self-play tunes it)
  settings.feed_charge = 10;
  const auto dearer = advise_discard(s, *check_situation(s), settings);
  const auto& kh3 = dearer.options[static_cast<std::size_t>(rank_of(dearer, "Kh"))];
  CHECK(kh3.value == Approx(kd2.value + 10));
}

TEST_CASE("when every discard goes out, the advisor keeps its wild and what feeds the next player",
          "[advise]") {
  // Round 1 (3s wild), after drawing: 7h 8h 9h jk goes out whichever card is thrown. The card
  // thrown is the top discard for the others' last turn: never the joker.
  auto s = situation(1, "7h 8h 9h jk");
  const auto blind = advise_discard(s, *check_situation(s));
  REQUIRE(blind.options.size() == 4);
  CHECK(std::all_of(blind.options.begin(), blind.options.end(),
                    [](const DiscardOption& o) { return o.goes_out; }));
  CHECK(blind.options.front().discard == card("9h"));  // the highest-scoring natural card
  CHECK(blind.options.back().discard == card("jk"));

  s.next_holds = cards("9s");  // the 9h could join it: the 8h goes instead
  const auto known = advise_discard(s, *check_situation(s));
  CHECK(known.options.front().discard == card("8h"));
  CHECK_FALSE(known.options.front().feeds);
  CHECK(known.options.back().discard == card("jk"));

  // The last turn breaks the tie the same way: the players after this one still play theirs.
  s.last = true;
  CHECK(advise_discard(s, *check_situation(s)).options.front().discard == card("8h"));
}

TEST_CASE("impossible situations are refused with one clear line", "[advise]") {
  SECTION("wrong card count for the round") {
    auto s = situation(3, "7h 8h 9h");
    s.top = card("Kd");
    const auto r = check_situation(s);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() ==
          "round 3 needs 5 cards before drawing (with the top discard) or 6 after drawing, but "
          "the hand has 3");
  }
  SECTION("a card in the hand and in --seen more often than the box holds it") {
    auto s = situation(1, "7h 7h 9h");
    s.top = card("Kd");
    s.seen = cards("7h");
    const auto r = check_situation(s);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == "7h is given 3 times (hand 2, seen 1) but one box holds each card twice");
    CHECK(r.failure().hint.kind == HintKind::CombinedGame);
    s.boxes = 2;
    CHECK(check_situation(s).ok());
  }
  SECTION("the next player's known cards count against the box too") {
    auto s = situation(1, "7h 8h 9h");
    s.top = card("Kd");
    s.seen = cards("Ks");
    s.next_holds = cards("Ks Ks");
    const auto r = check_situation(s);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() ==
          "Ks is given 3 times (seen 1, next holds 2) but one box holds each card twice");
    CHECK(r.failure().hint.kind == HintKind::CombinedGame);
  }
  SECTION("more jokers than two boxes hold") {
    auto s = situation(11, "jk jk jk jk jk jk jk jk jk jk jk jk jk");
    s.top = card("jk");
    s.boxes = 2;
    const auto r = check_situation(s);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == "jk is given 14 times (hand 13, top 1) but two boxes hold 12 jokers");
    CHECK_FALSE(r.failure().hint);  // two boxes are the most
  }
  SECTION("--top in a discard decision") {
    auto s = situation(1, "7h 8h 9h Kd");
    s.top = card("Qs");
    const auto r = check_situation(s);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() ==
          "a hand of 4 cards has drawn already: the top discard is only for a draw decision of 3 "
          "cards");
  }
  SECTION("a draw decision without --top") {
    const auto r = check_situation(situation(1, "7h 8h 9h"));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == "a hand of 3 cards is a draw decision");
    CHECK(r.failure().hint.kind == HintKind::GiveTop);
  }
}

TEST_CASE("without --round the hand's size says the round, before or after the draw", "[advise]") {
  for (int round = 1; round <= kRounds; ++round) {
    CHECK(implied_round(cards_in_round(round), true).value() == round);
    CHECK(implied_round(cards_in_round(round) + 1, false).value() == round);
  }
  const auto small = implied_round(2, true);
  REQUIRE_FALSE(small.ok());
  CHECK(small.error() ==
        "a hand of 2 cards fits no round (3-13 cards before drawing, with the top discard)");
  CHECK(small.failure().hint.kind == HintKind::NameRound);
  const auto large = implied_round(15, false);
  REQUIRE_FALSE(large.ok());
  CHECK(large.error() == "a hand of 15 cards fits no round (4-14 cards after drawing)");
  CHECK(large.failure().hint.kind == HintKind::NameRound);
}

TEST_CASE("the round's moves are checked, and advice without them is advice as before",
          "[advise]") {
  const TableMove move{.seat = 1, .offered = card("9h"), .took = true, .discarded = card("Kd")};
  SECTION("a draw decision") {
    auto s = situation(3, "9c 10c Jc 4s Kh");
    s.top = card("Qh");
    const auto unseen = check_situation(s);
    REQUIRE(unseen);
    const DrawAdvice before = advise_draw(s, *unseen);
    s.actions = {move, {.seat = 0, .offered = card("3c"), .took = false, .discarded = card("9h")}};
    const auto with = check_situation(s);
    REQUIRE(with);
    CHECK(with->count == unseen->count);  // moves are public cards already counted
    const DrawAdvice after = advise_draw(s, *with);
    CHECK(after.take == before.take);
    CHECK(after.discard == before.discard);
    CHECK(after.take_value == before.take_value);
    CHECK(after.draw_value == before.draw_value);
  }
  SECTION("a discard decision") {
    auto s = situation(3, "9c 10c Jc 4s Kd Kh");
    const auto unseen = check_situation(s);
    REQUIRE(unseen);
    const auto before = advise_discard(s, *unseen).options;
    s.actions = {move};
    const auto after = advise_discard(s, *check_situation(s)).options;
    REQUIRE(after.size() == before.size());
    for (std::size_t i = 0; i < after.size(); ++i) {
      CHECK(after[i].discard == before[i].discard);
      CHECK(after[i].value == before[i].value);
    }
  }
  SECTION("a seat that is not at the table") {
    auto s = situation(3, "9c 10c Jc 4s Kd Kh");
    s.actions = {move, {.seat = 2, .offered = card("Kd"), .took = false, .discarded = card("3c")}};
    const auto r = check_situation(s);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() ==
          "move 2 is by seat 2, but a table of 2 players has seats 0-1 (0 is you, 1 the next "
          "player)");
    s.players = 3;
    CHECK(check_situation(s).ok());
  }
}
