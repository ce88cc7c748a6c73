// The move assistant under the house rules' meld switches (issue 47): the odds, the draw scores
// behind the advice, the advice itself and the assist session follow --wild-melds and
// --book-suits. Each shortcut the fast code takes (the joker pre-check, could_join_melds) is
// checked against a full loop over every unseen card in the solver, under every combination
// of the switches; hand-worked cases show an answer that must change with a switch.

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <random>

#include "card_text.hpp"
#include "crowns/advice.hpp"
#include "crowns/assist.hpp"
#include "crowns/deck.hpp"
#include "crowns/odds.hpp"
#include "crowns/round_order.hpp"
#include "crowns/rules.hpp"
#include "crowns/solver.hpp"
#include "crowns/unseen.hpp"
#include "odds_reference.hpp"
#include "store/assist.hpp"
#include "store/db.hpp"
#include "temp_db.hpp"

using namespace crowns;
using crowns::test::card;
using crowns::test::cards;
using crowns::test::every_card_p1;
using crowns::test::every_card_p2;
using crowns::test::HandOnPurpose;
using crowns::test::out_under;

namespace {

constexpr MeldRules kStandardMelds{};
constexpr MeldRules kNoWildOnly{WildMelds::DoNotCount, BookSuits::Any};
constexpr MeldRules kDistinctSuits{WildMelds::Count, BookSuits::Distinct};
constexpr MeldRules kBothSwitches{WildMelds::DoNotCount, BookSuits::Distinct};
constexpr std::array<MeldRules, 4> kEveryMeldRules = {kStandardMelds, kNoWildOnly, kDistinctSuits,
                                                      kBothSwitches};

std::string switches_text(MeldRules r) {
  return std::string(r.wild_melds == WildMelds::Count ? "wild melds yes" : "wild melds no") +
         (r.book_suits == BookSuits::Any ? ", book suits any" : ", book suits distinct");
}

// A hand the switches matter to: wild cards often two or more (a meld of wilds alone), copies
// of one rank in one suit (a book repeating a suit), a short run; the rest random.
std::vector<Card> switchy_hand(std::mt19937_64& rng, int n) {
  HandOnPurpose hand(rng, n, 1);
  const int jokers = static_cast<int>(rng() % 3);
  for (int j = 0; j < jokers; ++j) hand.take(Card::joker());
  const int rank = kMinRank + static_cast<int>(rng() % kRankCount);
  const auto suit = static_cast<Suit>(rng() % kSuitCount);
  hand.take(Card::natural(rank, suit));
  if (rng() % 2 == 0) hand.take(Card::natural(rank, suit));  // the same card twice
  hand.take(Card::natural(rank, static_cast<Suit>((static_cast<int>(suit) + 1) % kSuitCount)));
  if (rng() % 2 == 0) hand.take(Card::natural(std::min(kMaxRank, rank + 1), suit));
  return std::move(hand).dealt();
}

Situation ruled_situation(int round, const char* hand, MeldRules rules) {
  Situation s;
  s.round = round;
  s.hand = cards(hand);
  s.rules = rules;
  return s;
}

}  // namespace

TEST_CASE("odds under every meld switch equal the full loop over every unseen card",
          "[house-rules][odds][slow]") {
  std::mt19937_64 rng(4747);
  std::array<int, 4> differs{};  // hands whose p1 under the rules differs from the standard's
  int compared = 0;
  for (int round = 1; round <= 7; ++round) {
    const int n = cards_in_round(round);
    const int wild_rank = wild_rank_of_round(round);
    const int hands = round <= 3 ? 40 : 12;
    for (int h = 0; h < hands; ++h) {
      const auto hand = switchy_hand(rng, n);
      const auto unseen = unseen_cards(KnownCards{hand, {}, {}}, 1);
      REQUIRE(unseen.ok());
      const double standard = every_card_p1(hand, wild_rank, *unseen, kStandardMelds);
      for (std::size_t r = 0; r < kEveryMeldRules.size(); ++r) {
        const MeldRules rules = kEveryMeldRules[r];
        INFO("round " << round << ", hand " << h << ", " << switches_text(rules));
        const double p1 = every_card_p1(hand, wild_rank, *unseen, rules);
        CHECK(out_chance_one_draw(hand, wild_rank, *unseen, rules) == Approx(p1).margin(1e-12));
        // The outs are exactly the kinds that go out.
        int outs = 0;
        for (Card c : out_cards(hand, wild_rank, *unseen, rules)) {
          CHECK(out_under(hand, c, wild_rank, rules));
          outs += unseen->count[static_cast<std::size_t>(kind_of(c))];
        }
        CHECK(static_cast<double>(outs) / unseen->total == Approx(p1).margin(1e-12));
        if (round <= 2 && h % 4 == 0) {
          CHECK(out_chance_two_draws(hand, wild_rank, *unseen, rules) ==
                Approx(every_card_p2(hand, wild_rank, *unseen, rules)).margin(1e-12));
        }
        if (p1 != standard) ++differs[r];
      }
      ++compared;
    }
  }
  INFO(compared << " hands");
  CHECK(differs[0] == 0);
  // The switches are exercised: each changes the answer on some of these hands.
  CHECK(differs[1] > 0);
  CHECK(differs[2] > 0);
  CHECK(differs[3] > 0);
}

TEST_CASE("draw scores under every meld switch equal the solver on every card",
          "[house-rules][advise]") {
  // What the advisor's value rests on: the score after each possible draw and the best discard.
  // A card could_join_melds rules out is scored by a formula, not the solver.
  std::mt19937_64 rng(74);
  for (int round = 1; round <= 6; ++round) {
    const int n = cards_in_round(round);
    const int wild_rank = wild_rank_of_round(round);
    for (int h = 0; h < 20; ++h) {
      const auto kept = switchy_hand(rng, n);
      const auto pool = unseen_cards(KnownCards{kept, {}, {}}, 1);
      REQUIRE(pool.ok());
      for (const MeldRules rules : kEveryMeldRules) {
        const int now = min_score(kept, wild_rank, HandMode::Dealt, rules);
        if (now == 0) continue;  // draw_scores is for hands that do not meld yet
        INFO("round " << round << ", hand " << h << ", " << switches_text(rules));
        long sum = 0;
        int outs = 0;
        std::vector<Card> drawn = kept;
        drawn.push_back(Card::joker());
        for (int k = 0; k < kCardKinds; ++k) {
          const int copies = pool->count[static_cast<std::size_t>(k)];
          if (copies == 0) continue;
          drawn.back() = card_of_kind(k);
          const int score = min_score(drawn, wild_rank, HandMode::Drawn, rules);
          sum += static_cast<long>(copies) * score;
          if (score == 0) outs += copies;
        }
        const DrawScores fast = draw_scores(kept, now, wild_rank, *pool, rules);
        CHECK(fast.sum == sum);
        CHECK(fast.outs == outs);
      }
    }
  }
}

TEST_CASE("could_join_melds: with no wild-only melds any card joins two wilds",
          "[house-rules][advise]") {
  const auto two_jokers = cards("jk jk");
  CHECK_FALSE(could_join_melds(two_jokers, card("7h"), 5, kStandardMelds));
  CHECK(could_join_melds(two_jokers, card("7h"), 5, kNoWildOnly));
  CHECK_FALSE(could_join_melds(cards("jk Kd"), card("7h"), 5, kNoWildOnly));  // one wild
}

TEST_CASE("hand-worked odds under the switches", "[house-rules][odds]") {
  SECTION("three wilds: out already, unless a meld of wilds alone does not count") {
    // Round 1, 3s wild: jk jk 3s. Unseen 113: 4 jokers and 9 threes are wild; with wild-only
    // melds not counted only the 100 natural cards make a book with two of the wilds.
    const auto hand = cards("jk jk 3s");
    const auto unseen = *unseen_cards(KnownCards{hand, {}, {}}, 1);
    CHECK(out_chance_one_draw(hand, 3, unseen, kStandardMelds) == 1);
    CHECK(out_chance_one_draw(hand, 3, unseen, kNoWildOnly) == Approx(100.0 / 113).margin(1e-12));
    // The joker pre-check would have said 0: a joker does not take this hand out.
    CHECK_FALSE(out_under(hand, Card::joker(), 3, kNoWildOnly));
  }
  SECTION("two kings of hearts and a joker: any other king, unless the suits must differ") {
    // Round 1: Kh Kh jk. Standard: every king and every wild goes out (K*: 10 - 2 = 8 kings;
    // 10 threes, 5 jokers). Distinct: Kh Kh cannot share a book: a king of another suit
    // (8) or a wild makes Kh K? jk / Kh jk W, and the second Kh is the discard.
    const auto hand = cards("Kh Kh jk");
    const auto unseen = *unseen_cards(KnownCards{hand, {}, {}}, 1);
    const double standard = out_chance_one_draw(hand, 3, unseen, kStandardMelds);
    const double distinct = out_chance_one_draw(hand, 3, unseen, kDistinctSuits);
    CHECK(standard == Approx(every_card_p1(hand, 3, unseen, kStandardMelds)).margin(1e-12));
    CHECK(distinct == Approx(every_card_p1(hand, 3, unseen, kDistinctSuits)).margin(1e-12));
    CHECK(out_chance_one_draw(cards("Kh Kh Qc"), 3,
                              *unseen_cards(KnownCards{cards("Kh Kh Qc"), {}, {}}, 1),
                              kStandardMelds) >
          out_chance_one_draw(cards("Kh Kh Qc"), 3,
                              *unseen_cards(KnownCards{cards("Kh Kh Qc"), {}, {}}, 1),
                              kDistinctSuits));
  }
}

TEST_CASE("the best discard changes with wild_melds=no", "[house-rules][advise]") {
  // Round 1 (3s wild), after the draw: jk jk 3s Qd. The standard rules throw the queen and
  // go out on three wilds; with no wild-only melds that is no meld, and a wild goes instead:
  // Qd with two wilds is a book.
  for (const MeldRules rules : {kStandardMelds, kNoWildOnly}) {
    const Situation s = ruled_situation(1, "jk jk 3s Qd", rules);
    const auto unseen = check_situation(s);
    REQUIRE(unseen.ok());
    const auto advice = advise_discard(s, *unseen);
    INFO(switches_text(rules));
    CHECK(advice.options.front().goes_out);
    if (rules == kStandardMelds) {
      CHECK(advice.options.front().discard == card("Qd"));
    } else {
      CHECK(is_wild(advice.options.front().discard, 3));
      const auto queen =
          std::find_if(advice.options.begin(), advice.options.end(),
                       [](const DiscardOption& o) { return o.discard == card("Qd"); });
      REQUIRE(queen != advice.options.end());
      CHECK_FALSE(queen->goes_out);
      CHECK(queen->score_now == 120);  // jk jk 3s: 50 + 50 + 20, no meld
    }
  }
}

TEST_CASE("the best discard changes with book_suits=distinct", "[house-rules][advise]") {
  // Round 2 (4s wild), after the draw: Kh Kh Ks jk 9c. Any suits: Kh Kh Ks jk is a book and the
  // 9c goes. Distinct suits: the kings of hearts cannot share a book, so one of them goes
  // (Kh Ks jk + 9c left: 9 points) rather than the 9c (Kh left: 13).
  const Situation any = ruled_situation(2, "Kh Kh Ks jk 9c", kStandardMelds);
  const auto advice_any = advise_discard(any, *check_situation(any));
  CHECK(advice_any.options.front().discard == card("9c"));
  CHECK(advice_any.options.front().goes_out);

  const Situation distinct = ruled_situation(2, "Kh Kh Ks jk 9c", kDistinctSuits);
  const auto advice_distinct = advise_discard(distinct, *check_situation(distinct));
  CHECK(advice_distinct.options.front().discard == card("Kh"));
  CHECK_FALSE(advice_distinct.options.front().goes_out);
  CHECK(advice_distinct.options.front().score_now == 9);
}

TEST_CASE("a draw decision follows the switches too", "[house-rules][advise]") {
  // Round 1 (3s wild): 7h 7s Kd with a joker on the pile: taking it and throwing the king goes
  // out under every rule set (7h 7s jk has natural cards of two suits).
  for (const MeldRules rules : kEveryMeldRules) {
    Situation s = ruled_situation(1, "7h 7s Kd", rules);
    s.top = card("jk");
    const auto unseen = check_situation(s);
    REQUIRE(unseen.ok());
    const auto advice = advise_draw(s, *unseen);
    INFO(switches_text(rules));
    CHECK(advice.take);
    CHECK(advice.goes_out);
    REQUIRE(advice.discard);
    CHECK(*advice.discard == card("Kd"));
  }
  // Two sevens of hearts and a joker on the pile: out under any suits, not under distinct.
  for (const MeldRules rules : {kStandardMelds, kDistinctSuits}) {
    Situation s = ruled_situation(1, "7h 7h Kd", rules);
    s.top = card("jk");
    const auto advice = advise_draw(s, *check_situation(s));
    INFO(switches_text(rules));
    CHECK(advice.goes_out == (rules == kStandardMelds));
  }
}

TEST_CASE("an assist session follows the game's order and meld rules", "[house-rules][assist]") {
  assist::Setup setup;
  setup.round = 1;
  setup.players = 2;
  setup.deals = round_sequence(RoundOrder::Down);
  setup.rules = kNoWildOnly;
  assist::Session session(setup);
  CHECK(session.dealt() == 13);
  CHECK(session.wild_rank() == 13);
  const auto short_hand = session.answer("7h 8h 9h");
  REQUIRE_FALSE(short_hand);
  CHECK(short_hand.error() == "round 1 deals 13 cards, but you typed 3");
  REQUIRE(session.answer("3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh jk jk"));
  REQUIRE(session.answer("3s"));  // the top discard
  const Situation s = session.draw_situation();
  CHECK(s.round == 11);  // 13 cards, Ks wild: the standard round of 13 cards
  CHECK(s.rules == kNoWildOnly);
  CHECK(wild_rank_of_round(s.round) == 13);
}

TEST_CASE("an assist session's house rules survive the store", "[house-rules][assist][store]") {
  crowns::test::TempDir dir;
  store::Database db = store::open_database(dir.file("a.db"));
  store::AssistRecord r;
  r.setup.round = 2;
  r.setup.players = 3;
  r.setup.deals = round_sequence(RoundOrder::Random, 99);
  r.setup.rules = kBothSwitches;
  store::save_assist(db, r);
  const auto back = store::active_assist(db);
  REQUIRE(back);
  CHECK(back->setup.deals == r.setup.deals);
  CHECK(back->setup.rules == kBothSwitches);

  // The standard rules leave the setup as it was before house rules.
  store::AssistRecord plain;
  plain.setup.round = 1;
  store::close_assists(db);
  store::save_assist(db, plain);
  const auto plain_back = store::active_assist(db);
  REQUIRE(plain_back);
  CHECK(plain_back->setup.deals == round_sequence(RoundOrder::Up));
  CHECK(plain_back->setup.rules == kStandardMelds);
}
