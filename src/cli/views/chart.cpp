#include "cli/views/chart.hpp"

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

// Round ticks over the chart's values (0, 100, 200 ... rather than 96, 193 ...): at most 4
// intervals, fewer on a chart too short to label them all.
std::vector<double> chart_ticks(const ChartData& chart, int rows) {
  const ChartGrid range =
      draw_chart(chart.series, static_cast<int>(chart.x_labels.size()), 2, 2, ChartGlyphs::Ascii);
  return nice_ticks(range.y_min, range.y_max, std::clamp(rows - 1, 1, 4));
}

// Decimals that tell the ticks apart: none for a step of 1 or more, else enough for it.
int tick_decimals(const std::vector<double>& ticks) {
  if (ticks.size() < 2) return 0;
  const double step = ticks[1] - ticks[0];
  return step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
}

// A legend name cut to `most` characters (UTF-8 aware), with "…" when cut.
std::string short_name(const std::string& name, std::size_t most) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if ((static_cast<unsigned char>(name[i]) & 0xc0) == 0x80) continue;
    if (++chars > most) return name.substr(0, i) + "…";
  }
  return name;
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
    labels_of_rows[static_cast<std::size_t>(dot / per_row)] = number(t, decimals);
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
  // Same round ticks as the terminal chart.
  const std::vector<double> ticks = chart_ticks(chart, 9);
  const int decimals = tick_decimals(ticks);
  const ChartRange range{ticks.front(), ticks.back()};
  auto px = [&](std::size_t i) {
    return kLeft + (x_count <= 1
                        ? 0.0
                        : plot_w * static_cast<double>(i) / static_cast<double>(x_count - 1));
  };
  auto py = [&](double v) { return kTop + plot_h * (range.high - v) / (range.high - range.low); };
  std::string svg = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} "
      "{1}\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"{2}\" y=\"24\" font-size=\"16\" font-weight=\"bold\">{3}</text>\n",
      kWidth, kHeight, kLeft, xml_escape(chart.title));
  // Axes, the y ticks with grid lines, x labels, both axis titles.
  for (const double v : ticks) {
    svg += fmt::format(
        "<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"#ddd\"/>"
        "<text x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">{5}</text>\n",
        kLeft, py(v), kLeft + plot_w, kLeft - 6, py(v) + 4, number(v, decimals));
  }
  svg += fmt::format(
      "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"black\"/>"
      "<line x1=\"{0}\" y1=\"{2}\" x2=\"{3}\" y2=\"{2}\" stroke=\"black\"/>\n",
      kLeft, kTop, kTop + plot_h, kLeft + plot_w);
  svg += fmt::format(
      "<text x=\"16\" y=\"{:.1f}\" transform=\"rotate(-90 16 {:.1f})\" "
      "text-anchor=\"middle\">{}</text>\n",
      kTop + plot_h / 2, kTop + plot_h / 2, xml_escape(chart.y_title));
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n",
                     kLeft + plot_w / 2, kTop + plot_h + 38, xml_escape(chart.x_title));
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
        svg += fmt::format(
            "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" points=\"{}\"/>\n", colour,
            points);
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
        "<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"{3}\" "
        "stroke-width=\"3\"/>"
        "<text x=\"{4}\" y=\"{5:.1f}\"><title>{6}</title>{7}</text>\n",
        kLeft + plot_w + 16, ly, kLeft + plot_w + 36, colour, kLeft + plot_w + 42, ly + 4,
        xml_escape(chart.series[k].name), xml_escape(short_name(chart.series[k].name, 16)));
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace crowns::cli
