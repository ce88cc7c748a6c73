#pragma once
// The season report as one self-contained HTML page (inline CSS and SVG, no script, no
// network): standings, a ratings chart, records and every game's scorecard; or one game's
// scorecard and running-totals chart. Readable on a phone (wide tables scroll inside their
// box) and on paper (@media print, a page per game).

#include <string>
#include <string_view>

#include "crowns/results.hpp"
#include "store/games.hpp"
#include "store/sqlite.hpp"

namespace crowns::cli {

/// `text` (stored, possibly hostile) made safe for HTML text and attribute values: control
/// bytes and invalid UTF-8 replaced as sanitize() does, then & < > " ' escaped.
std::string html_escape(std::string_view text);

/// What a period report holds, for the message after writing it.
struct ReportSummary {
  int games = 0;    ///< Scorecards in the report.
  int players = 0;  ///< Rows of the standings.
};

/// The report of `period`: the whole HTML document.
std::string period_report_html(const store::Database& db, const Period& period,
                               ReportSummary& summary);

/// The report of one game: its scorecard and running-totals chart.
std::string game_report_html(const store::Game& game);

}  // namespace crowns::cli
