#pragma once
// Issue 39's parts of a page, as HTML: one evening (`crowns tonight`: the phone's /tonight and
// the end of `crowns report --date D`) and a period's time and rivalries (`crowns report`).

#include <optional>
#include <string>
#include <string_view>

#include "crowns/results.hpp"
#include "store/sqlite.hpp"

namespace crowns::views {

/// <section id="tonight">: the finished games of `date` (none: the last day a game was
/// finished) and who won each with its length, the best round, closest finish, biggest
/// comeback, who went out most, and the ratings before and after. `heading` 1 or 2; a game
/// links to `game_link` + its id ("#game-" in a report, "/game/" on the phone). `only`: the
/// games of that rule set alone (`crowns report --date D --rules R`).
std::string evening_section_html(const store::Database& db, const std::optional<std::string>& date,
                                 int heading, std::string_view game_link,
                                 const std::optional<HouseRules>& only = std::nullopt);

/// <section id="time">: the period's longest and shortest game and slowest round, and for each
/// player of its finished games the time played, nemesis, the one beaten most and the one
/// played with most (docs/STATS.md). `only`: of the games of that rule set alone.
std::string time_and_rivals_html(const store::Database& db, const Period& period,
                                 const std::optional<HouseRules>& only = std::nullopt);

/// Puts `sections` into a report page (or the tail of its parts) before its closing note,
/// leaving what the report's own views wrote as it is: `crowns report` and the served report
/// (serve/kept_report.cpp) both call it, so the two stay equal.
void insert_report_sections(std::string& html, const std::string& sections);

}  // namespace crowns::views
