#pragma once
// The period options of a statistics command: --season NAME, --year YYYY, --since DATE,
// --until DATE or --all; what they mean is views/period.hpp.

#include "views/period.hpp"

namespace CLI {
class App;
}

namespace crowns::cli {

/// Adds the period options to a subcommand (--season, --year, --all exclude each other and
/// --since/--until; --since and --until combine).
void add_period_options(CLI::App& sub, views::PeriodOptions& opts);

}  // namespace crowns::cli
