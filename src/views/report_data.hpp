#pragma once
// What `crowns report` shows of a period, gathered from the store in one pass: the games'
// results loaded and rated once, serving the standings, the ratings chart and the records,
// and every game of the period loaded in three queries for the scorecards.

#include "crowns/results.hpp"
#include "store/sqlite.hpp"
#include "views/html_report.hpp"

namespace crowns::views {

/// The players the report's ratings chart follows: the top of the standings.
inline constexpr int kReportChartPlayers = 8;

/// The report of `period`, ready for period_report_html(); `only`: of the games of that rule
/// set alone (its standings, ratings and records from those games, rated among themselves as
/// `crowns leaderboard --rules` rates them, and only their scorecards).
PeriodReport gather_period_report(const store::Database& db, const Period& period,
                                  const std::optional<HouseRules>& only = std::nullopt);

}  // namespace crowns::views
