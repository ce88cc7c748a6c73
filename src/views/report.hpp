#pragma once
// What the statistics commands share when they render: player names by id, rounding for
// JSON, the period as JSON, the form string and sparklines.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <vector>

#include "crowns/interval.hpp"
#include "crowns/results.hpp"
#include "store/history.hpp"
#include "views/style.hpp"

namespace crowns::views {

/// Player names by id, loaded once.
class Names {
 public:
  explicit Names(const store::Database& db) : names_(store::load_player_names(db)) {}
  /// The stored name (for JSON); "#ID" for an id that is gone.
  [[nodiscard]] std::string name(std::int64_t id) const;
  /// The name made safe for the terminal.
  [[nodiscard]] std::string display(std::int64_t id) const;

 private:
  std::unordered_map<std::int64_t, store::PlayerName> names_;
};

/// `value` rounded to `digits` decimals, so JSON shows 0.6667 rather than 0.6666666666666666.
double rounded(double value, int digits);

/// {"label": ..., "from": ..., "to": ...} (null for an open end).
nlohmann::ordered_json period_json(const Period& period);

/// "WLLWW" with W in green and L in red when colour is on.
std::string form_text(const Style& style, const std::string& form);

/// A one-line sparkline of `values`: block characters with symbols on, else ASCII levels.
std::string sparkline(const Style& style, const std::vector<double>& values);

/// The wild rank of a round as a column heading: "3s" ... "10s", "Js", "Qs", "Ks".
std::string wild_label(int round);
/// A wild rank (3..13) the same way: wild_rank_label(13) == "Ks".
std::string wild_rank_label(int rank);

/// Prints a table with trailing spaces trimmed (an empty last cell leaves none behind).
void print_trimmed(std::ostream& out, const Style& style, const Table& table);

/// `value` with `decimals` decimals, halves rounded away from zero (as rounded() does).
std::string fixed(double value, int decimals);
/// "12.3": one decimal.
std::string one_decimal(double value);

/// A range of a probability in percent, "0–6%", "34–100%", "88.7–89.9%": the fewest decimals
/// (up to 4) that leave the range at least 3 units of the last digit wide, so that its ends
/// never read as one number ("0.00–0.19%", not "0–0%").
std::string interval_text(const Interval& interval);

}  // namespace crowns::views
