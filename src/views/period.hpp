#pragma once
// The period a report covers (a season, a year, a date range, all time), from what was asked:
// the terminal's --season/--year/--since/--until/--all (cli/input/period.hpp) or the page's
// query. By default the current season (or calendar year).

#include <optional>
#include <string>

#include "crowns/results.hpp"
#include "store/sqlite.hpp"

namespace crowns::views {

struct PeriodOptions {
  std::optional<std::string> season;
  std::optional<int> year;
  std::optional<std::string> since;
  std::optional<std::string> until;
  bool all = false;
};

/// The date range the options mean. The default is the season holding today; with no
/// season defined (or none holding today), the latest season already begun, else today's
/// calendar year. Throws crowns::Error on an unknown season or a bad date.
Period resolve_period(const store::Database& db, const PeriodOptions& opts);

}  // namespace crowns::views
