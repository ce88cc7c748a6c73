#include "cli/chart_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace crowns::cli {
namespace {

constexpr std::array<const char*, 8> kAnsi = {"\033[31m", "\033[32m", "\033[33m", "\033[34m",
                                              "\033[35m", "\033[36m", "\033[91m", "\033[92m"};
constexpr std::array<const char*, 8> kHex = {"#d62728", "#2ca02c", "#e6a700", "#1f77b4",
                                             "#9467bd", "#17becf", "#ff7f0e", "#8c564b"};

std::string paint(const Style& style, int series, const std::string& text) {
  if (!style.color || series < 0) return text;
  return std::string(kAnsi[static_cast<std::size_t>(series) % kAnsi.size()]) + text + "\033[0m";
}

std::string number(double value, int decimals) {
  const double r = std::round(value * std::pow(10.0, decimals)) / std::pow(10.0, decimals);
  return fmt::format("{:.{}f}", r == 0.0 ? 0.0 : r, decimals);
}

// Stored text made safe (valid UTF-8, no controls) and escaped for XML.
std::string xml_escape(const std::string& raw) {
  const std::string text = sanitize(raw);
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default:
        // Control characters are not allowed in XML 1.0.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n') {
          out += '?';
        } else {
          out += c;
        }
    }
  }
  return out;
}

}  // namespace

void print_chart(std::ostream& out, const Style& style, const ChartData& chart, int width, int height) {
  const int x_count = static_cast<int>(chart.x_labels.size());
  const auto glyphs = style.symbols ? ChartGlyphs::Braille : ChartGlyphs::Ascii;
  const ChartGrid grid = draw_chart(chart.series, x_count, width, height, glyphs);
  out << style.bold(sanitize(chart.title)) << '\n';
  // Y labels on the top row (the highest value), the bottom row (the lowest) and the middle.
  const std::array<int, 3> labelled = {0, grid.height / 2, grid.height - 1};
  auto label = [&](int row) {
    const double v = row == 0 ? grid.y_max : row == grid.height - 1 ? grid.y_min : grid.row_value(row);
    return number(v, chart.decimals);
  };
  std::size_t label_width = 0;
  for (int row : labelled) label_width = std::max(label_width, label(row).size());
  const std::string axis = style.symbols ? "┤" : "|";
  const std::string bar = style.symbols ? "│" : "|";
  for (int row = 0; row < grid.height; ++row) {
    const bool has_label = std::find(labelled.begin(), labelled.end(), row) != labelled.end();
    out << pad_left(has_label ? label(row) : "", label_width) << ' '
        << (has_label ? axis : bar);
    // Runs of cells drawn by one series share one colour escape.
    std::string line;
    for (int col = 0; col < grid.width;) {
      const int owner = grid.owner_of(row, col);
      std::string run;
      for (; col < grid.width && grid.owner_of(row, col) == owner; ++col) run += grid.cell(row, col);
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
      start = static_cast<std::size_t>(grid.width) >= text.size() ? static_cast<std::size_t>(grid.width) - text.size() : 0;
    }
    if (start < free_from || start + text.size() > labels.size()) continue;
    labels.replace(start, text.size(), text);
    free_from = start + text.size() + 1;
  }
  while (!labels.empty() && labels.back() == ' ') labels.pop_back();
  out << std::string(label_width + 2, ' ') << labels << '\n';
  // Legend.
  std::string legend;
  for (std::size_t k = 0; k < chart.series.size(); ++k) {
    const std::string key = style.symbols ? "━━" : std::string(1, ascii_marker(k));
    if (!legend.empty()) legend += "  ";
    legend += paint(style, static_cast<int>(k), key) + ' ' + sanitize(chart.series[k].name);
  }
  out << std::string(label_width + 2, ' ') << legend << '\n';
}

std::string chart_svg(const ChartData& chart) {
  constexpr double kWidth = 800;
  constexpr double kHeight = 450;
  constexpr double kLeft = 60;
  constexpr double kRight = 160;
  constexpr double kTop = 40;
  constexpr double kBottom = 50;
  const double plot_w = kWidth - kLeft - kRight;
  const double plot_h = kHeight - kTop - kBottom;
  const auto x_count = chart.x_labels.size();
  // Same scale as the terminal chart: a grid only to learn the y range.
  const ChartGrid range = draw_chart(chart.series, static_cast<int>(x_count), 2, 2, ChartGlyphs::Ascii);
  auto px = [&](std::size_t i) {
    return kLeft + (x_count <= 1 ? 0.0 : plot_w * static_cast<double>(i) / static_cast<double>(x_count - 1));
  };
  auto py = [&](double v) { return kTop + plot_h * (range.y_max - v) / (range.y_max - range.y_min); };
  std::string svg = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"{2}\" y=\"24\" font-size=\"16\" font-weight=\"bold\">{3}</text>\n",
      kWidth, kHeight, kLeft, xml_escape(chart.title));
  // Axes, 5 y ticks with grid lines, x labels.
  for (int t = 0; t <= 4; ++t) {
    const double v = range.y_min + (range.y_max - range.y_min) * t / 4.0;
    svg += fmt::format(
        "<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"#ddd\"/>"
        "<text x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">{5}</text>\n",
        kLeft, py(v), kLeft + plot_w, kLeft - 6, py(v) + 4, number(v, chart.decimals));
  }
  svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"black\"/>"
                     "<line x1=\"{0}\" y1=\"{2}\" x2=\"{3}\" y2=\"{2}\" stroke=\"black\"/>\n",
                     kLeft, kTop, kTop + plot_h, kLeft + plot_w);
  svg += fmt::format("<text x=\"16\" y=\"{:.1f}\" transform=\"rotate(-90 16 {:.1f})\" text-anchor=\"middle\">{}</text>\n",
                     kTop + plot_h / 2, kTop + plot_h / 2, xml_escape(chart.y_title));
  double free_from = 0;
  for (std::size_t i = 0; i < x_count; ++i) {
    if (chart.x_labels[i].empty() || px(i) < free_from) continue;
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n", px(i),
                       kTop + plot_h + 18, xml_escape(chart.x_labels[i]));
    free_from = px(i) + 7.0 * static_cast<double>(chart.x_labels[i].size()) + 8;
  }
  for (std::size_t k = 0; k < chart.series.size(); ++k) {
    const char* colour = kHex[k % kHex.size()];
    std::string points;
    auto flush = [&] {
      if (!points.empty()) {
        svg += fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" points=\"{}\"/>\n", colour, points);
      }
      points.clear();
    };
    const auto& ys = chart.series[k].y;
    for (std::size_t i = 0; i < ys.size() && i < x_count; ++i) {
      if (!ys[i]) {
        flush();
        continue;
      }
      points += fmt::format("{}{:.1f},{:.1f}", points.empty() ? "" : " ", px(i), py(*ys[i]));
    }
    flush();
    const double ly = kTop + 10 + 20.0 * static_cast<double>(k);
    svg += fmt::format(
        "<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"{3}\" stroke-width=\"3\"/>"
        "<text x=\"{4}\" y=\"{5:.1f}\">{6}</text>\n",
        kLeft + plot_w + 16, ly, kLeft + plot_w + 36, colour, kLeft + plot_w + 42, ly + 4,
        xml_escape(chart.series[k].name));
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace crowns::cli
