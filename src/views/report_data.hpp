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

/// The report of `period`, ready for period_report_html().
PeriodReport gather_period_report(const store::Database& db, const Period& period);

}  // namespace crowns::views
