#include <catch2/catch.hpp>

#include "card_text.hpp"
#include "crowns/card.hpp"
#include "crowns/rules.hpp"
#include "crowns/solver.hpp"

using namespace crowns;
using crowns::test::cards;

TEST_CASE("named traps that break greedy solvers", "[solver]") {
  struct Case {
    const char* cards;
    int wild;
    HandMode mode;
    int score;
    const char* discard = nullptr;  ///< Drawn mode: the only right discard, when there is one.
  };
  const Case cases[] = {
      {"7h 7s 7c 8h 9h", 5, HandMode::Dealt, 14},
      {"7h 8h 9h 9s 9c", 5, HandMode::Dealt, 15},
      {"Jd Qd Kd 10d Qd Jd", 6, HandMode::Dealt, 0},
      {"6* 7* 3* 6* 8h 3* 5* 4*", 8, HandMode::Dealt, 3},
      {"jk jk 3h Kd", 4, HandMode::Dealt, 3},
      {"jk jk jk jk 9h Kc", 6, HandMode::Dealt, 0},
      {"6c 7c 8d 8s 3* 8h 8c", 6, HandMode::Drawn, 0},
      {"jk 4d 9s Kc", 3, HandMode::Drawn, 26, "jk"},
      {"7h 8h 9h Js Qs Ks", 5, HandMode::Drawn, 15},
  };
  for (const auto& c : cases) {
    INFO(c.cards << " wild " << c.wild);
    const auto hand = cards(c.cards);
    CHECK(min_score(hand, c.wild, c.mode) == c.score);
    const auto sol = solve(hand, c.wild, c.mode);
    CHECK(sol.score == c.score);
    CHECK(sol.goes_out == (c.score == 0));
    CHECK(sol.discard.has_value() == (c.mode == HandMode::Drawn));
    if (c.discard != nullptr && sol.discard) CHECK(to_string(*sol.discard) == c.discard);
  }
}
