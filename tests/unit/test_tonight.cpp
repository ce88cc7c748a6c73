// One evening's games (crowns/tonight.hpp) over hand-made results.

#include <catch2/catch.hpp>

#include "crowns/tonight.hpp"
#include "unit/result_fixtures.hpp"

using namespace crowns;
using crowns::test::make_game;

TEST_CASE("an evening: winners, best round, closest finish, comeback, outs, ratings", "[tonight]") {
  const std::vector<GameResult> games{
      make_game(1, "2026-01-14", {1, 2}, {{0, 0}, {10, 10}}),
      make_game(2, "2026-01-15", {1, 2, 3}, {{0, 30}, {40, 0}, {9, 9}}),  // 30 40 18
      make_game(3, "2026-01-15", {1, 2}, {{0, 12}, {11, 0}}),             // 12 11
  };
  const tonight::Evening e = tonight::evening_of(games, "2026-01-15");
  REQUIRE(e.games.size() == 2);
  CHECK(e.games[0].winners == std::vector<std::int64_t>{3});
  CHECK(e.games[0].winning_total == 18);
  REQUIRE(e.best_round);
  CHECK(e.best_round->game == 2);  // player 1 out, 49 left to the others
  CHECK(e.best_round->player == 1);
  CHECK(e.best_round->left == 49);
  REQUIRE(e.closest_finish);
  CHECK(e.closest_finish->game == 3);
  CHECK(e.closest_finish->winner == 2);
  CHECK(e.closest_finish->margin == 1);
  REQUIRE(e.biggest_comeback);
  CHECK(e.biggest_comeback->player == 2);  // 11 behind after round 1 of game 3, won
  CHECK(e.biggest_comeback->value == 11);
  REQUIRE(e.most_outs.size() == 2);  // players 1 and 2 went out twice each
  CHECK(e.most_outs[0].player == 1);
  CHECK(e.most_outs[1].player == 2);
  REQUIRE(e.ratings.size() == 3);
  for (std::size_t i = 1; i < e.ratings.size(); ++i)
    CHECK(e.ratings[i - 1].change() >= e.ratings[i].change());
  // Player 3 came for the first time and won: they start at the new player's rating.
  const auto newcomer =
      std::find_if(e.ratings.begin(), e.ratings.end(), [](const auto& r) { return r.player == 3; });
  CHECK(newcomer->before == Approx(RatingModel{}.initial().ordinal()));
  CHECK(newcomer->change() > 0);
}

TEST_CASE("an evening without games is empty", "[tonight]") {
  const tonight::Evening e = tonight::evening_of({}, "2026-01-15");
  CHECK(e.games.empty());
  CHECK_FALSE(e.best_round);
  CHECK_FALSE(e.closest_finish);
  CHECK(e.most_outs.empty());
  CHECK(e.ratings.empty());
}
