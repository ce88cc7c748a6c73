#include "views/chart_data.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "crowns/leaderboard.hpp"
#include "crowns/rules.hpp"
#include "store/history.hpp"
#include "views/report.hpp"

namespace crowns::views {

ChartData game_chart(const store::Game& game) {
  ChartData chart;
  chart.title = "Game " + std::to_string(game.id) + " (" + game.date + "): running totals";
  chart.y_title = "total";
  chart.x_title = "round";
  for (int r = 1; r <= kRounds; ++r) chart.x_labels.push_back(std::to_string(r));
  for (int s = 0; s < game.players(); ++s) {
    ChartSeries series{game.seats[static_cast<std::size_t>(s)].name, {}};
    int total = 0;
    for (const auto& round : game.rounds) {
      total += round.scores[static_cast<std::size_t>(s)].points;
      series.y.emplace_back(total);
    }
    series.y.resize(kRounds);
    chart.series.push_back(std::move(series));
  }
  return chart;
}

ChartData rating_chart(const std::vector<GameResult>& games, const RatingReplay& replay,
                       const Period& period, const std::vector<std::int64_t>& chosen,
                       const Names& names) {
  ChartData chart;
  chart.title = "Rating (mu - 3 sigma): " + period.label;
  chart.y_title = "rating";
  chart.x_title = "date of game";
  chart.decimals = 1;
  // Each player's rating before the period, then after every game of the period.
  std::vector<std::optional<double>> current(chosen.size());
  for (const auto id : chosen) chart.series.push_back({names.name(id), {}});
  for (std::size_t g = 0; g < games.size(); ++g) {
    const auto& game = games[g];
    if (period.to && game.date > *period.to) break;
    for (std::size_t k = 0; k < chosen.size(); ++k) {
      const int seat = game.seat_of(chosen[k]);
      if (seat >= 0) current[k] = replay.after[g][static_cast<std::size_t>(seat)].ordinal();
    }
    if (!period.contains(game.date)) continue;
    chart.x_labels.push_back(game.date);
    for (std::size_t k = 0; k < chosen.size(); ++k) chart.series[k].y.push_back(current[k]);
  }
  return chart;
}

ChartData rating_chart(const store::Database& db, const Period& period,
                       const std::vector<std::int64_t>& players, int top) {
  const auto games = store::load_results(db, {period.to, std::nullopt, std::nullopt});
  const auto replay = replay_ratings(games);
  std::vector<std::int64_t> chosen = players;
  if (chosen.empty()) {
    for (const auto& row : leaderboard(games, replay, period, RankBy::Rating, 1)) {
      if (static_cast<int>(chosen.size()) >= top) break;
      chosen.push_back(row.player);
    }
  }
  return rating_chart(games, replay, period, chosen, Names(db));
}

void number_games(ChartData& chart) {
  const std::size_t n = chart.x_labels.size();
  if (n == 0) return;
  chart.note = n == 1 ? "Game 1: " + chart.x_labels.front()
                      : fmt::format(
                            "Games 1 to {} of the period, in date order: game 1 on {}, "
                            "game {} on {}.",
                            n, chart.x_labels.front(), n, chart.x_labels.back());
  for (std::size_t i = 0; i < n; ++i) chart.x_labels[i] = std::to_string(i + 1);
  chart.x_title = "game";
}

}  // namespace crowns::views
