#include "cli/views/chart_text.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "views/chart.hpp"
#include "views/style.hpp"

namespace crowns::cli {
namespace {

using views::chart_ticks;
using views::ChartData;
using views::display_width;
using views::pad_left;
using views::sanitize;
using views::Style;
using views::tick_decimals;
using views::tick_text;

constexpr std::array<const char*, 8> kAnsi = {"\033[31m", "\033[32m", "\033[33m", "\033[34m",
                                              "\033[35m", "\033[36m", "\033[91m", "\033[92m"};

std::string paint(const Style& style, int series, const std::string& text) {
  if (!style.color || series < 0) return text;
  return std::string(kAnsi[static_cast<std::size_t>(series) % kAnsi.size()]) + text + "\033[0m";
}

}  // namespace

void print_chart(std::ostream& out, const Style& style, const ChartData& chart, int width,
                 int height) {
  const int x_count = static_cast<int>(chart.x_labels.size());
  const auto glyphs = style.symbols ? ChartGlyphs::Braille : ChartGlyphs::Ascii;
  const std::vector<double> ticks = chart_ticks(chart, height);
  const ChartGrid grid = draw_chart(chart.series, x_count, width, height, glyphs,
                                    ChartRange{ticks.front(), ticks.back()});
  out << style.bold(sanitize(chart.title)) << '\n';
  // Each tick labels the row a value equal to it is drawn in (as draw_chart maps values).
  const int per_row = glyphs == ChartGlyphs::Braille ? 4 : 1;
  const int decimals = tick_decimals(ticks);
  std::vector<std::string> labels_of_rows(static_cast<std::size_t>(grid.height));
  for (const double t : ticks) {
    const auto dot =
        std::lround((grid.y_max - t) * (grid.height * per_row - 1) / (grid.y_max - grid.y_min));
    labels_of_rows[static_cast<std::size_t>(dot / per_row)] = tick_text(t, decimals);
  }
  std::size_t label_width = 0;
  for (const auto& l : labels_of_rows) label_width = std::max(label_width, l.size());
  if (!chart.y_title.empty()) out << sanitize(chart.y_title) << '\n';
  const std::string axis = style.symbols ? "┤" : "|";
  const std::string bar = style.symbols ? "│" : "|";
  for (int row = 0; row < grid.height; ++row) {
    const std::string& label = labels_of_rows[static_cast<std::size_t>(row)];
    out << pad_left(label, label_width) << ' ' << (label.empty() ? bar : axis);
    // Runs of cells drawn by one series share one colour escape.
    std::string line;
    for (int col = 0; col < grid.width;) {
      const int owner = grid.owner_of(row, col);
      std::string run;
      for (; col < grid.width && grid.owner_of(row, col) == owner; ++col)
        run += grid.cell(row, col);
      line += paint(style, owner, run);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  }
  std::string rule;
  for (int col = 0; col < grid.width; ++col) rule += style.symbols ? "─" : "-";
  out << std::string(label_width + 1, ' ') << (style.symbols ? "└" : "+") << rule << '\n';
  // X labels placed under their columns, skipping any that would run into the previous.
  std::string labels(static_cast<std::size_t>(grid.width) + 12, ' ');
  std::size_t free_from = 0;
  for (int i = 0; i < x_count; ++i) {
    const std::string& text = chart.x_labels[static_cast<std::size_t>(i)];
    if (text.empty()) continue;
    const auto col = static_cast<std::size_t>(grid.x_column[static_cast<std::size_t>(i)]);
    std::size_t start = col >= text.size() / 2 ? col - text.size() / 2 : 0;
    if (i + 1 == x_count && start + text.size() > static_cast<std::size_t>(grid.width)) {
      start = static_cast<std::size_t>(grid.width) >= text.size()
                  ? static_cast<std::size_t>(grid.width) - text.size()
                  : 0;
    }
    if (start < free_from || start + text.size() > labels.size()) continue;
    labels.replace(start, text.size(), text);
    free_from = start + text.size() + 1;
  }
  while (!labels.empty() && labels.back() == ' ') labels.pop_back();
  out << std::string(label_width + 2, ' ') << labels << '\n';
  const std::string x_title = sanitize(chart.x_title);
  if (!x_title.empty()) {
    const auto grid_width = static_cast<std::size_t>(grid.width);
    const std::size_t indent = grid_width > x_title.size() ? (grid_width - x_title.size()) / 2 : 0;
    out << std::string(label_width + 2 + indent, ' ') << x_title << '\n';
  }
  // Legend: one entry per series, wrapped to the chart's width so long names stay readable.
  const std::size_t line_width = std::max<std::size_t>(label_width + 2 + grid.width, 40);
  std::string legend;
  std::size_t legend_width = 0;
  for (std::size_t k = 0; k < chart.series.size(); ++k) {
    const std::string key = style.symbols ? "━━" : std::string(1, ascii_marker(k));
    const std::string name = sanitize(chart.series[k].name);
    const std::size_t entry_width = display_width(key) + 1 + display_width(name);
    if (legend_width > 0 && legend_width + 2 + entry_width > line_width - label_width - 2) {
      out << std::string(label_width + 2, ' ') << legend << '\n';
      legend.clear();
      legend_width = 0;
    }
    if (legend_width > 0) {
      legend += "  ";
      legend_width += 2;
    }
    legend += paint(style, static_cast<int>(k), key) + ' ' + name;
    legend_width += entry_width;
  }
  if (!legend.empty()) out << std::string(label_width + 2, ' ') << legend << '\n';
}

}  // namespace crowns::cli
