#pragma once
// The season report as one self-contained HTML page (inline CSS and SVG, no script, no
// network): standings, a ratings chart, records and every game's scorecard; or one game's
// scorecard and running-totals chart. Readable on a phone (the standings and records stack
// into labelled cells, a wide card scrolls inside its box with its first players in view) and
// on paper (@media print, a page per game). Views take data: the command gathers a
// PeriodReport (views/report_data.hpp) and these functions only write HTML.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "crowns/leaderboard.hpp"
#include "crowns/profile.hpp"
#include "crowns/results.hpp"
#include "store/games.hpp"
#include "views/chart.hpp"

namespace crowns::views {

/// `text` (stored, possibly hostile) made safe for HTML text and attribute values: control
/// and bidi-control characters and invalid UTF-8 shown as U+FFFD (not as the terminal's
/// "\x1b"), & < > " ' escaped.
std::string html_escape(std::string_view text);

/// One row of the standings: the leaderboard's row, the player's name and how their skill
/// estimate moved over the period.
struct StandingRow {
  LeaderRow row;
  std::string name;           ///< As stored (escaped when written).
  double skill_change = 0.0;  ///< mu at the period's end minus mu before it.
};

/// Everything the report of a period shows, gathered by the command.
struct PeriodReport {
  Period period;
  std::vector<StandingRow> standings;  ///< Ranked as `crowns leaderboard` ranks them.
  ChartData ratings;                   ///< No x labels when the period has no finished game.
  Records records;
  std::unordered_map<std::int64_t, std::string> names;  ///< Record holders' names by id.
  std::vector<RuleSetCount> rule_sets;                  ///< Of the finished games (rule_sets_of).
  std::vector<store::Game> games;                       ///< Every status, newest first.
  std::optional<HouseRules> only;  ///< The one rule set of its games; none: every rule set.

  [[nodiscard]] int finished_games() const;
  [[nodiscard]] int games_with(store::GameStatus status) const;
};

/// The report of a period: the whole HTML document.
std::string period_report_html(const PeriodReport& report);

/// period_report_html in its parts: everything before the scorecards, each game's scorecard
/// (in report.games' order), and the end. Joined, they are the document; crowns serve keeps
/// them apart to make one game's scorecard again after a round (period_report_card).
struct ReportParts {
  std::string head;
  std::vector<std::string> cards;
  std::string tail;
};
ReportParts period_report_parts(const PeriodReport& report);
/// The document the parts make.
std::string joined(const ReportParts& parts);
/// One game's scorecard as the report of a period shows it.
std::string period_report_card(const store::Game& game);

/// The report of one game: its scorecard and `chart` (its running totals).
std::string game_report_html(const store::Game& game, const ChartData& chart);

/// The words under a scorecard, for a page: "Winner: Ann with 45", "Ann and Bob share the win
/// at 60", "Tie at 60 broken by the tie-break (Ann 12, Bob 0): winner Bob". Stored names are
/// escaped; no terminal escapes, no commands to type.
std::string result_html(const store::Game& game);

/// "Ann, Bob and Cy"; past `most` names, "Ann, Bob and 24 more". Names escaped.
std::string holder_list_html(const std::vector<std::string>& names, std::size_t most);

}  // namespace crowns::views
