#include "views/period.hpp"

#include <algorithm>

#include "crowns/date.hpp"
#include "crowns/error.hpp"
#include "store/db.hpp"
#include "store/games.hpp"
#include "store/seasons.hpp"

namespace crowns::views {
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
    throw Error(option + " '" + date + "' is not a date; write YYYY-MM-DD, e.g. 2026-01-15",
                ExitCode::Usage);
  }
  return date;
}

}  // namespace

Period resolve_period(const store::Database& db, const PeriodOptions& opts) {
  if (opts.all) return {std::nullopt, std::nullopt, "all time"};
  if (opts.year) return year_period(*opts.year);
  if (opts.season) {
    auto season = store::require_season(db, *opts.season);
    if (season) return season_period(*season);
    if (is_year(*opts.season) && store::list_seasons(db).empty())
      return year_period(std::stoi(*opts.season));
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
  const std::string today = store::today();
  if (auto current = store::season_on(db, today)) return season_period(*current);
  std::optional<store::Season> latest;
  for (auto& s : store::list_seasons(db)) {
    if (s.starts_on <= today) latest = s;
  }
  if (latest) return season_period(*latest);
  return year_period(std::stoi(today.substr(0, 4)));
}

}  // namespace crowns::views
