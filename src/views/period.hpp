#pragma once
// The periods a report covers (a season, a year, all time) and the default one. What the
// terminal asks for (--season/--year/--since/--until/--all) is read by cli/input/period.hpp;
// the page asks for the default period or all time.

#include "crowns/results.hpp"
#include "store/seasons.hpp"
#include "store/sqlite.hpp"

namespace crowns::views {

/// Every game ever.
Period all_time();

/// The calendar year `year`.
Period year_period(int year);

/// The season's dates, labelled "season NAME (FROM to TO)".
Period season_period(const store::Season& season);

/// The season holding today; with no season defined (or none holding today), the latest
/// season already begun, else today's calendar year.
Period default_period(const store::Database& db);

}  // namespace crowns::views
