#include "cli/input/period.hpp"

#include <CLI/CLI.hpp>

#include "cli/options.hpp"

namespace crowns::cli {

void add_period_options(CLI::App& sub, views::PeriodOptions& opts) {
  auto* season =
      sub.add_option("--season", opts.season, "Games of this season (a year when none are defined)")
          ->type_name("SEASON");
  auto* year = sub.add_option("--year", opts.year, "Games of this calendar year")
                   ->check(whole_number(1000, 9999));
  auto* since = sub.add_option("--since", opts.since, "Games on or after this date (YYYY-MM-DD)")
                    ->type_name("YYYY-MM-DD");
  auto* until = sub.add_option("--until", opts.until, "Games on or before this date (YYYY-MM-DD)")
                    ->type_name("YYYY-MM-DD");
  auto* all = sub.add_flag("--all", opts.all, "All games ever (default: the current season)");
  season->excludes(year)->excludes(since)->excludes(until)->excludes(all);
  year->excludes(since)->excludes(until)->excludes(all);
  all->excludes(since)->excludes(until);
}

}  // namespace crowns::cli
