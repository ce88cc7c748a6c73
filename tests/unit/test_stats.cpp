// Statistics over hand-made games: places, leaderboard columns, profile, head to head,
// records, and the chart rasteriser.

#include <catch2/catch.hpp>

#include "crowns/chart.hpp"
#include "crowns/leaderboard.hpp"
#include "crowns/profile.hpp"
#include "unit/result_fixtures.hpp"

using namespace crowns;
using crowns::test::make_game;

namespace {

const Period kAll{std::nullopt, std::nullopt, "all time"};

}  // namespace

TEST_CASE("stats: finishing places use the tie-break only among the leaders", "[stats]") {
  auto g = make_game(1, "2026-01-01", {1, 2, 3, 4}, {{10}, {10}, {20}, {10}});
  CHECK(finishing_places(g) == std::vector<int>{1, 1, 4, 1});
  g.seats[0].tiebreak = 5;
  g.seats[1].tiebreak = 0;
  CHECK(finishing_places(g) == std::vector<int>{1, 1, 4, 1});  // seat 3 has not played it yet
  g.seats[3].tiebreak = 5;
  CHECK(finishing_places(g) == std::vector<int>{2, 1, 4, 2});
}

TEST_CASE("stats: extend_replay rates one more game as a whole replay does", "[stats]") {
  const std::vector<GameResult> games{
      make_game(1, "2026-01-01", {1, 2, 3}, {{0, 5}, {10, 20}, {7, 0}}),
      make_game(2, "2026-01-02", {1, 2}, {{0, 20}, {20, 0}}),
      make_game(3, "2026-01-03", {1, 3, 4}, {{30}, {0}, {12}})};
  const RatingReplay whole = replay_ratings(games);
  RatingReplay grown = replay_ratings({games[0], games[1]});
  extend_replay(grown, games[2]);
  REQUIRE(grown.after.size() == whole.after.size());
  for (std::size_t g = 0; g < whole.after.size(); ++g) {
    for (std::size_t s = 0; s < whole.after[g].size(); ++s) {
      CHECK(grown.after[g][s].mu == whole.after[g][s].mu);  // the same steps: equal, not close
      CHECK(grown.after[g][s].sigma == whole.after[g][s].sigma);
    }
  }
  REQUIRE(grown.current.size() == 4);
  for (const auto& [player, rating] : whole.current) {
    CHECK(grown.current.at(player).mu == rating.mu);
    CHECK(grown.current.at(player).sigma == rating.sigma);
  }
}

TEST_CASE("stats: leaderboard columns", "[stats]") {
  // Player 1 wins game 1 alone, shares game 2 with 2; 3 wins game 3; game 4 is outside.
  const std::vector<GameResult> games{
      make_game(1, "2026-01-01", {1, 2, 3}, {{0, 5}, {10, 20}, {7, 0}}),  // totals 5 30 7
      make_game(2, "2026-01-02", {1, 2}, {{0, 20}, {20, 0}}),             // 20 20 shared
      make_game(3, "2026-01-03", {1, 3}, {{30}, {0}}),                    // 30 0
      make_game(4, "2026-02-01", {1, 2}, {{0}, {50}}),
  };
  const Period jan{"2026-01-01", "2026-01-31", "January"};
  const auto replay = replay_ratings(games);
  const auto rows = leaderboard(games, replay, jan, RankBy::Wins, 1);
  REQUIRE(rows.size() == 3);
  const auto& p1 = rows[0];
  CHECK(p1.player == 1);
  CHECK(p1.rank == 1);
  CHECK(p1.games == 3);
  CHECK(p1.wins == 2);
  CHECK(p1.points == 55);
  CHECK(p1.best == 5);
  CHECK(p1.rounds == 33);
  CHECK(p1.outs == 2);
  CHECK(p1.form == "WWL");
  CHECK(p1.average() == Approx(55.0 / 3));
  CHECK(p1.points_per_round() == Approx(55.0 / 33));
  // Players 2 and 3 have one win in two games each: the average breaks the tie (3's 3.5
  // before 2's 25), as docs/STATS.md says; they no longer share rank 2.
  CHECK(rows[2].player == 2);
  CHECK(rows[2].rank == 3);
  CHECK(rows[2].wins == 1);
  CHECK(rows[2].outs == 1);
  CHECK(rows[1].player == 3);
  CHECK(rows[1].rank == 2);
  CHECK(rows[1].outs == 2);
  CHECK(rows[1].best == 0);
  // The rating is the one after game 3 (game 4 is after the period).
  CHECK(p1.rating.mu == replay.after[2][0].mu);
  CHECK(leaderboard(games, replay, jan, RankBy::Wins, 3).size() == 1);
  const auto by_avg = leaderboard(games, replay, jan, RankBy::Average, 1);
  CHECK(by_avg[0].player == 3);  // (7 + 0) / 2
}

TEST_CASE("stats: leaderboard ties are broken by the next columns", "[stats]") {
  // Players 1 and 2: one win in two games each; player 2's average is lower (10 against 30).
  const std::vector<GameResult> games{
      make_game(1, "2026-01-01", {1, 3}, {{0}, {50}}),
      make_game(2, "2026-01-02", {1, 6}, {{60}, {10}}),
      make_game(3, "2026-01-03", {2, 3}, {{0}, {50}}),
      make_game(4, "2026-01-04", {2, 7}, {{20}, {10}}),
      make_game(5, "2026-01-05", {4, 5}, {{0}, {0}}),  // 4 and 5: equal in every column
  };
  const auto replay = replay_ratings(games);
  for (RankBy by : {RankBy::Wins, RankBy::WinRate}) {
    const auto rows = leaderboard(games, replay, kAll, by, 2);
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].player == 2);  // by the average, the next column
    CHECK(rows[0].rank == 1);
    CHECK(rows[1].player == 1);
    CHECK(rows[1].rank == 2);  // no longer a shared rank
  }
  const auto all = leaderboard(games, replay, kAll, RankBy::Wins, 1);
  REQUIRE(all.size() == 7);
  CHECK(all[0].player == 4);
  CHECK(all[1].player == 5);
  CHECK(all[1].rank == all[0].rank);  // equal in all columns: one rank
}

TEST_CASE("stats: form keeps the last five games", "[stats]") {
  std::vector<GameResult> games;
  for (int i = 0; i < 7; ++i) {
    const bool win = i % 3 == 0;  // games 0, 3, 6
    games.push_back(make_game(i + 1, "2026-01-0" + std::to_string(i + 1), {1, 2},
                              {{win ? 0 : 9}, {win ? 9 : 0}}));
  }
  const auto rows = leaderboard(games, replay_ratings(games), kAll, RankBy::Rating, 1);
  const auto& p1 = rows[0].player == 1 ? rows[0] : rows[1];
  CHECK(p1.form == "LWLLW");
}

TEST_CASE("stats: profile streaks, best and worst, rounds, opponents", "[stats]") {
  const std::vector<GameResult> games{
      make_game(1, "2026-01-01", {1, 2}, {{0, 10}, {5, 0}}),   // 10 vs 5: loss, highest
      make_game(2, "2026-01-02", {1, 2}, {{0, 0}, {5, 5}}),    // 0 vs 10: win
      make_game(3, "2026-01-03", {1, 3}, {{2, 2}, {9, 9}}),    // 4 vs 18: win
      make_game(4, "2026-01-04", {1, 2, 3}, {{3}, {3}, {8}}),  // 3 3 8: shared win
      make_game(5, "2026-01-05", {2, 3}, {{1}, {0}}),
  };
  const auto replay = replay_ratings(games);
  const Profile p = player_profile(games, replay, kAll, 1);
  CHECK(p.games == 4);
  CHECK(p.wins == 3);
  CHECK(p.longest_win_streak == 3);
  CHECK(p.longest_losing_streak == 1);
  CHECK(p.best->total == 0);
  CHECK(p.best->game == 2);
  CHECK(p.worst->total == 10);
  CHECK(p.highest == 1);
  CHECK(p.outs == 3);
  CHECK(p.rounds == 44);
  CHECK(*p.round_average(1) == Approx((0 + 0 + 2 + 3) / 4.0));
  CHECK(*p.round_average(2) == Approx((10 + 0 + 2 + 0) / 4.0));
  CHECK(p.rating_history.size() == 4);
  CHECK(p.rating.mu == replay.after[3][0].mu);
  REQUIRE(p.opponents.size() == 2);
  CHECK(p.opponents[0].opponent == 2);
  CHECK(p.opponents[0].games == 3);
  CHECK(p.opponents[0].lower == 1);
  CHECK(p.opponents[0].higher == 1);
  CHECK(p.opponents[0].equal == 1);
  CHECK(p.opponents[0].wins == 2);
  CHECK(p.opponents[0].opponent_wins == 2);

  const Versus v = head_to_head(games, kAll, 2, 3);
  CHECK(v.games == 2);
  CHECK(v.lower == 1);
  CHECK(v.higher == 1);
  CHECK(v.last == "2026-01-05");
}

TEST_CASE("stats: records", "[stats]") {
  const std::vector<GameResult> games{
      // Player 2 trails by 40 after round 1 and 30 after round 2, and wins.
      make_game(1, "2026-01-01", {1, 2}, {{0, 10, 60}, {40, 0, 0}}),
      make_game(2, "2026-01-02", {1, 2}, {{0, 0, 0, 5}, {70, 3, 3, 3}}),
  };
  const Records r = find_records(games, kAll);
  CHECK(r.games == 2);
  CHECK(r.lowest_winning_total->value == 5);
  CHECK(r.lowest_winning_total->player == 1);
  CHECK(r.highest_round->value == 70);
  CHECK(r.highest_round->round == 1);
  CHECK(r.most_outs->value == 3);  // player 1 in game 2: rounds 1-3
  CHECK(r.most_outs->game == 2);
  CHECK(r.biggest_comeback->value == 40);
  CHECK(r.biggest_comeback->round == 1);
  CHECK(r.biggest_comeback->player == 2);
  CHECK(r.highest_total->value == 79);
}

TEST_CASE("stats: a shared record names every holder, first first", "[stats]") {
  const std::vector<GameResult> games{
      make_game(1, "2026-01-01", {1, 2}, {{0, 0, 0}, {70, 5, 5}}),
      make_game(2, "2026-01-02", {3, 1}, {{70, 0, 0}, {0, 0, 0}}),
  };
  const Records r = find_records(games, kAll);
  REQUIRE(r.highest_round);
  CHECK(r.highest_round->value == 70);
  CHECK(r.highest_round->player == 2);
  REQUIRE(r.highest_round->shared.size() == 1);
  CHECK(r.highest_round->shared[0].player == 3);
  CHECK(r.highest_round->shared[0].game == 2);
  CHECK(r.highest_round->shared[0].round == 1);
  REQUIRE(r.lowest_winning_total);
  CHECK(r.lowest_winning_total->value == 0);
  CHECK(r.lowest_winning_total->game == 1);
  REQUIRE(r.lowest_winning_total->shared.size() == 1);
  CHECK(r.lowest_winning_total->shared[0].game == 2);
  CHECK(r.lowest_winning_total->shared[0].player == 1);
  CHECK(r.most_outs->shared.size() == 1);  // player 1: 3 outs in each game
  CHECK(r.biggest_comeback->shared.empty());
}

TEST_CASE("chart: braille and ascii rasterising", "[chart]") {
  const std::vector<ChartSeries> flat{{"a", {1.0, 1.0}}};
  const auto braille = draw_chart(flat, 2, 2, 2, ChartGlyphs::Braille);
  // A flat series sits in the middle of a widened range: dot row 4 of 8, i.e. the top row
  // of the lower cell ... every dot column of it.
  CHECK(braille.cell(0, 0) == " ");
  CHECK(braille.cell(1, 0) == "\u2809");  // dots 1 and 4
  CHECK(braille.owner_of(1, 1) == 0);
  const std::vector<ChartSeries> rising{{"a", {0.0, 3.0}}, {"b", {3.0, std::nullopt}}};
  const auto ascii = draw_chart(rising, 2, 4, 4, ChartGlyphs::Ascii);
  CHECK(ascii.cell(3, 0) == "*");
  CHECK(ascii.cell(0, 3) == "*");
  CHECK(ascii.cell(0, 0) == "o");
  CHECK(ascii.x_column == std::vector<int>{0, 3});
  CHECK(spark_levels({1, 2, 3}, 8) == std::vector<int>{0, 4, 7});
  CHECK(spark_levels({5, 5}, 8) == std::vector<int>{4, 4});
}
