#pragma once
// The period options of a statistics command: --season NAME, --year YYYY, --since DATE,
// --until DATE or --all, and the period they mean (the periods themselves: views/period.hpp).

#include <optional>
#include <string>

#include "crowns/results.hpp"
#include "store/sqlite.hpp"

namespace CLI {
class App;
}

namespace crowns::cli {

struct PeriodOptions {
  std::optional<std::string> season;
  std::optional<int> year;
  std::optional<std::string> since;
  std::optional<std::string> until;
  bool all = false;
};

/// Adds the period options to a subcommand (--season, --year, --all exclude each other and
/// --since/--until; --since and --until combine).
void add_period_options(CLI::App& sub, PeriodOptions& opts);

/// The date range the options mean; by default views::default_period. Throws crowns::Error
/// on an unknown season or a bad date.
Period resolve_period(const store::Database& db, const PeriodOptions& opts);

}  // namespace crowns::cli
