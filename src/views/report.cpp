#include "views/report.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <sstream>

#include "crowns/chart.hpp"
#include "crowns/rules.hpp"

namespace crowns::views {

namespace {
// At namespace scope, like every file's: a unity build meets several in one batch, and a
// local one would shadow them.
using Json = nlohmann::ordered_json;
}  // namespace

std::string Names::name(std::int64_t id) const {
  const auto it = names_.find(id);
  return it == names_.end() ? "#" + std::to_string(id) : it->second.name;
}

std::string Names::display(std::int64_t id) const {
  return sanitize(name(id));
}

double rounded(double value, int digits) {
  const double scale = std::pow(10.0, digits);
  const double r = std::round(value * scale) / scale;
  return r == 0.0 ? 0.0 : r;  // no "-0.0"
}

nlohmann::ordered_json period_json(const Period& period) {
  return Json{{"label", period.label},
              {"from", period.from ? Json(*period.from) : Json(nullptr)},
              {"to", period.to ? Json(*period.to) : Json(nullptr)}};
}

std::string form_text(const Style& style, const std::string& form) {
  std::string out;
  for (char c : form) out += c == 'W' ? style.green("W") : style.red(std::string(1, c));
  return out;
}

std::string sparkline(const Style& style, const std::vector<double>& values) {
  static constexpr std::array<const char*, 8> kBlocks = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
  static constexpr std::array<const char*, 8> kAscii = {"_", ".", "-", "~", "=", "+", "*", "#"};
  std::string out;
  for (int level : spark_levels(values, 8)) {
    out += style.symbols ? kBlocks[static_cast<std::size_t>(level)]
                         : kAscii[static_cast<std::size_t>(level)];
  }
  return out;
}

std::string wild_label(int round) {
  return wild_rank_label(wild_rank_of_round(round));
}

std::string wild_rank_label(int rank) {
  return std::string(rank_name(rank)) + "s";
}

void print_trimmed(std::ostream& out, const Style& style, const Table& table) {
  std::ostringstream text;
  table.print(text, style);
  std::istringstream lines(text.str());
  for (std::string line; std::getline(lines, line);) {
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  }
}

std::string fixed(double value, int decimals) {
  return fmt::format("{:.{}f}", rounded(value, decimals), decimals);
}

std::string one_decimal(double value) {
  return fixed(value, 1);
}

std::string interval_text(const Interval& interval) {
  constexpr int kMostDecimals = 4;
  const double low = 100 * interval.low;
  const double high = 100 * interval.high;
  int decimals = 0;
  while (decimals < kMostDecimals && (high - low) * std::pow(10.0, decimals) < 3) ++decimals;
  return fixed(low, decimals) + "–" + fixed(high, decimals) + "%";
}

}  // namespace crowns::views
