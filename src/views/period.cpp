#include "views/period.hpp"

#include <string>

#include "store/db.hpp"

namespace crowns::views {

Period all_time() {
  return {std::nullopt, std::nullopt, "all time"};
}

Period year_period(int year) {
  const std::string y = std::to_string(year);
  return {y + "-01-01", y + "-12-31", y};
}

Period season_period(const store::Season& season) {
  return {season.starts_on, season.ends_on,
          "season " + season.name + " (" + season.starts_on + " to " +
              (season.ends_on ? *season.ends_on : "now") + ")"};
}

Period default_period(const store::Database& db) {
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
