#include "cli/input/period.hpp"

#include <CLI/CLI.hpp>

#include "cli/fail.hpp"
#include "cli/options.hpp"
#include "crowns/date.hpp"
#include "store/db.hpp"
#include "store/games.hpp"
#include "store/seasons.hpp"

namespace crowns::cli {
namespace {

Period year_period(int year) {
  const std::string y = std::to_string(year);
  return {y + "-01-01", y + "-12-31", y};
}

Period season_period(const store::Season& s) {
  return {
      s.starts_on, s.ends_on,
      "season " + s.name + " (" + s.starts_on + " to " + (s.ends_on ? *s.ends_on : "now") + ")"};
}

bool is_year(const std::string& text) {
  return text.size() == 4 &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string check_date(const std::string& option, const std::string& date) {
  if (!is_valid_date(date)) {
    fail(option + " '" + date + "' is not a date; write YYYY-MM-DD, e.g. 2026-01-15",
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
  if (opts.all) return {std::nullopt, std::nullopt, "all time"};
  if (opts.year) return year_period(*opts.year);
  if (opts.season) {
    auto season = store::require_season(db, *opts.season);
    if (season) return season_period(*season);
    if (is_year(*opts.season) && store::list_seasons(db).empty())
      return year_period(std::stoi(*opts.season));
    fail(season.error());
  }
  if (opts.since || opts.until) {
    Period p;
    if (opts.since) p.from = check_date("--since", *opts.since);
    if (opts.until) p.to = check_date("--until", *opts.until);
    if (p.from && p.to && *p.to < *p.from) {
      fail("--until " + *p.to + " is before --since " + *p.from, ExitCode::Usage);
    }
    p.label = p.from && p.to ? *p.from + " to " + *p.to
              : p.from       ? "since " + *p.from
                             : "until " + *p.to;
    return p;
  }
  const std::string today = store::today();
  if (auto current = store::season_on(db, today)) return season_period(*current);
  std::optional<store::Season> latest;
  for (auto& s : store::list_seasons(db)) {
    if (s.starts_on <= today) latest = s;
  }
  if (latest) return season_period(*latest);
  return year_period(std::stoi(today.substr(0, 4)));
}

}  // namespace crowns::cli
