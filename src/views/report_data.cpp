#include "views/report_data.hpp"

#include <algorithm>

#include "crowns/leaderboard.hpp"
#include "crowns/standings_order.hpp"
#include "store/game_range.hpp"
#include "store/history.hpp"
#include "views/chart_data.hpp"
#include "views/report.hpp"

namespace crowns::views {
namespace {

// A player's rating before the period: after their last game before it, else a new player's.
Rating rating_before(const std::vector<GameResult>& games, const RatingReplay& replay,
                     const Period& period, std::int64_t player) {
  Rating rating{};
  if (!period.from) return rating;  // all time: nothing before it, every player starts new
  for (std::size_t g = 0; g < games.size(); ++g) {
    if (period.from && games[g].date >= *period.from) break;
    if (const int seat = games[g].seat_of(player); seat >= 0)
      rating = replay.after[g][static_cast<std::size_t>(seat)];
  }
  return rating;
}

}  // namespace

PeriodReport gather_period_report(const store::Database& db, const Period& period,
                                  const std::optional<HouseRules>& only) {
  PeriodReport report;
  report.period = period;
  report.only = only;
  const auto results = store::load_results(
      db, {.until = period.to, .rounds_in = period, .rounds_of = std::nullopt, .rules = only});
  const auto replay = replay_ratings(results);
  const Names names(db);
  std::vector<std::int64_t> chosen;
  for (const auto& row : leaderboard(results, replay, period, kStandingsOrder, 1)) {
    // The skill estimate (mu), not the rating (mu - 3 sigma): sigma shrinks with every game,
    // so the rating of a player who lost every game of the period can still rise.
    const double skill_change =
        row.rating.mu - rating_before(results, replay, period, row.player).mu;
    report.standings.push_back({row, names.name(row.player), skill_change});
    if (static_cast<int>(chosen.size()) < kReportChartPlayers) chosen.push_back(row.player);
  }
  report.ratings = rating_chart(results, replay, period, chosen, names);
  report.ratings.title = "Rating (μ − 3σ) of the top " + std::to_string(chosen.size()) +
                         " of the standings, after each finished game";
  number_games(report.ratings);
  report.records = find_records(results, period);
  report.rule_sets = rule_sets_of(results, period);
  for (const auto* r : {&report.records.lowest_winning_total, &report.records.highest_round,
                        &report.records.most_outs, &report.records.biggest_comeback,
                        &report.records.highest_total}) {
    if (!*r) continue;
    report.names.emplace((*r)->player, names.name((*r)->player));
    for (const auto& h : (*r)->shared) report.names.emplace(h.player, names.name(h.player));
  }
  report.games = store::load_games_between(db, period.from, period.to);
  if (only) std::erase_if(report.games, [&](const store::Game& g) { return g.rules != *only; });
  std::reverse(report.games.begin(), report.games.end());  // newest first
  return report;
}

}  // namespace crowns::views
