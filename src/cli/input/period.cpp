#include "cli/input/period.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>

#include "cli/options.hpp"
#include "crowns/date.hpp"
#include "crowns/error.hpp"
#include "store/seasons.hpp"
#include "views/period.hpp"

namespace crowns::cli {
namespace {

bool is_year(const std::string& text) {
  return text.size() == 4 &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string check_date(const std::string& option, const std::string& date) {
  if (!is_valid_date(date)) {
    throw Error(option + " '" + date + "' is not a date; write YYYY-MM-DD, e.g. 2026-01-15",
                ExitCode::Usage);
  }
  return date;
}

}  // namespace

void add_period_options(CLI::App& sub, PeriodOptions& opts) {
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

Period resolve_period(const store::Database& db, const PeriodOptions& opts) {
  if (opts.all) return views::all_time();
  if (opts.year) return views::year_period(*opts.year);
  if (opts.season) {
    auto season = store::require_season(db, *opts.season);
    if (season) return views::season_period(*season);
    if (is_year(*opts.season) && store::list_seasons(db).empty())
      return views::year_period(std::stoi(*opts.season));
    throw Error(season.failure());
  }
  if (opts.since || opts.until) {
    Period p;
    if (opts.since) p.from = check_date("--since", *opts.since);
    if (opts.until) p.to = check_date("--until", *opts.until);
    if (p.from && p.to && *p.to < *p.from) {
      throw Error("--until " + *p.to + " is before --since " + *p.from, ExitCode::Usage);
    }
    p.label = p.from && p.to ? *p.from + " to " + *p.to
              : p.from       ? "since " + *p.from
                             : "until " + *p.to;
    return p;
  }
  return views::default_period(db);
}

}  // namespace crowns::cli
