#pragma once
// The data of the two charts crowns draws, for `crowns chart` and `crowns report`: a game's
// running totals, and players' ratings over a period.

#include <cstdint>
#include <vector>

#include "crowns/leaderboard.hpp"
#include "crowns/results.hpp"
#include "store/games.hpp"
#include "views/chart.hpp"
#include "views/report.hpp"

namespace crowns::views {

/// Each player's running total after every round of `game` (x = rounds 1-11).
ChartData game_chart(const store::Game& game);

/// The ratings (mu - 3 sigma) of `chosen` before the period and after each of its games (x =
/// game dates), from `games` (oldest first, reaching back before the period) rated by
/// `replay`. Empty x labels when the period has no finished game.
ChartData rating_chart(const std::vector<GameResult>& games, const RatingReplay& replay,
                       const Period& period, const std::vector<std::int64_t>& chosen,
                       const Names& names);
/// The same for `players` (when empty: the `top` best rated of the period), loaded from `db`.
ChartData rating_chart(const store::Database& db, const Period& period,
                       const std::vector<std::int64_t>& players, int top);

/// For drawing a rating chart: x labelled by game number (1 = the period's first game), the
/// dates said in the chart's note; the x axis spaces games evenly, so its labels count games.
void number_games(ChartData& chart);

}  // namespace crowns::views
