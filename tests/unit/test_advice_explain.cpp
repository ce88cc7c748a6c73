// What advise explains (issue 17 item 13): the plan's outs are exactly the unseen cards that
// put the kept hand out, their share is the advisor's own p_out, the melds are the kept hand's
// best lay-down, and a last turn that takes and goes out says so in take_p_out.

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "crowns/advice.hpp"
#include "crowns/advice_explain.hpp"
#include "crowns/deck.hpp"
#include "crowns/rules.hpp"
#include "crowns/solver.hpp"

using namespace crowns;

namespace {

// The outs by brute force: every unseen kind tried with the solver, no shortcut.
std::vector<Card> brute_outs(const std::vector<Card>& keep, int wild_rank, const Unseen& unseen,
                             int* copies) {
  std::vector<Card> outs;
  *copies = 0;
  for (int k = 0; k < kCardKinds; ++k) {
    const int n = unseen.count[static_cast<std::size_t>(k)];
    if (n == 0) continue;
    std::vector<Card> drawn = keep;
    drawn.push_back(card_of_kind(k));
    if (min_score(drawn, wild_rank, HandMode::Drawn) == 0) {
      outs.push_back(card_of_kind(k));
      *copies += n;
    }
  }
  std::sort(outs.begin(), outs.end());
  return outs;
}

}  // namespace

TEST_CASE("a discard plan's outs, odds and melds match brute force and the advisor",
          "[advise][explain]") {
  std::mt19937_64 rng(5);
  int with_outs = 0;
  for (int round = 1; round <= kRounds; ++round) {
    for (int trial = 0; trial < 6; ++trial) {
      auto deck = full_deck(1);
      std::shuffle(deck.begin(), deck.end(), rng);
      const int n = cards_in_round(round);
      Situation s;
      s.round = round;
      s.hand.assign(deck.begin(), deck.begin() + n + 1);
      s.seen.assign(deck.begin() + n + 1, deck.begin() + n + 6);
      const auto unseen = check_situation(s);
      REQUIRE(unseen);
      const DiscardAdvice advice = advise_discard(s, *unseen);
      const Plan plan = plan_of_discard(s, *unseen, advice);
      const int wild = wild_rank_of_round(round);
      REQUIRE(plan.discard == advice.options.front().discard);
      REQUIRE(static_cast<int>(plan.keep.size()) == n);
      CHECK(plan.lay_down.score == advice.options.front().score_now);
      CHECK(plan.lay_down.score == min_score(plan.keep, wild, HandMode::Dealt));
      if (plan.goes_out) continue;
      int copies = 0;
      CHECK(plan.outs == brute_outs(plan.keep, wild, *unseen, &copies));
      CHECK(plan.outs_count == copies);
      REQUIRE(plan.out_1);
      REQUIRE(plan.out_2);
      CHECK(*plan.out_1 == Approx(static_cast<double>(copies) / unseen->total));
      CHECK(*plan.out_1 == Approx(advice.options.front().p_out));
      CHECK(*plan.out_2 >= *plan.out_1);
      if (copies > 0) ++with_outs;
    }
  }
  CHECK(with_outs > 0);
}

TEST_CASE("a draw plan keeps the hand (drawing) or the hand with the top (taking)",
          "[advise][explain]") {
  Situation s;
  s.round = 1;
  s.hand = *parse_cards("7h 8h Kd");
  s.top = *parse_card("9h");
  const auto unseen = check_situation(s);
  REQUIRE(unseen);
  const DrawAdvice take = advise_draw(s, *unseen);
  REQUIRE(take.take);
  const Plan plan = plan_of_draw(s, *unseen, take);
  CHECK(plan.goes_out);
  CHECK(plan.discard == *parse_card("Kd"));
  REQUIRE(plan.lay_down.melds.size() == 1);
  CHECK(plan.lay_down.melds[0].kind == MeldKind::Run);
  CHECK(plan.outs.empty());
  CHECK_FALSE(plan.out_1);

  s.top = *parse_card("Qs");  // no use: draw
  const auto unseen2 = check_situation(s);
  const DrawAdvice draw = advise_draw(s, *unseen2);
  REQUIRE_FALSE(draw.take);
  const Plan keep = plan_of_draw(s, *unseen2, draw);
  CHECK_FALSE(keep.discard);
  CHECK(keep.keep == *parse_cards("7h 8h Kd"));
  REQUIRE(keep.out_1);
  CHECK(*keep.out_1 == Approx(draw.draw_p_out));  // the outs of this very draw
  const Plan taking = plan_of_take(s, *unseen2, draw);
  CHECK(taking.discard == draw.discard);
  CHECK(std::count(taking.keep.begin(), taking.keep.end(), *parse_card("Qs")) == 1);
}

TEST_CASE("a last turn that takes and goes out says take_p_out 1", "[advise][explain]") {
  Situation s;
  s.round = 1;
  s.hand = *parse_cards("7h 8h Kd");
  s.top = *parse_card("9h");
  s.last = true;
  const auto unseen = check_situation(s);
  REQUIRE(unseen);
  const DrawAdvice a = advise_draw(s, *unseen);
  CHECK(a.take);
  CHECK(a.goes_out);
  CHECK(a.take_p_out == 1.0);
  const Plan plan = plan_of_draw(s, *unseen, a);
  CHECK(plan.outs.empty());  // no draw follows a last turn
}
