#include "views/chart.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "views/html_report.hpp"

namespace crowns::views {
namespace {

// Stored text for SVG: the page's escaping (XML has the same five special characters).
std::string xml_escape(const std::string& raw) {
  return html_escape(raw);
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

std::string tick_text(double value, int decimals) {
  const double r = std::round(value * std::pow(10.0, decimals)) / std::pow(10.0, decimals);
  return fmt::format("{:.{}f}", r == 0.0 ? 0.0 : r, decimals);
}

std::vector<double> chart_ticks(const ChartData& chart, int rows) {
  const ChartGrid range =
      draw_chart(chart.series, static_cast<int>(chart.x_labels.size()), 2, 2, ChartGlyphs::Ascii);
  return nice_ticks(range.y_min, range.y_max, std::clamp(rows - 1, 1, 4));
}

int tick_decimals(const std::vector<double>& ticks) {
  if (ticks.size() < 2) return 0;
  const double step = ticks[1] - ticks[0];
  return step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
}

namespace {

// The drawing frame of an SVG chart, in its user units.
struct SvgFrame {
  double width = 800;
  double height = 420;
  double left = 60;
  double right = 40;  ///< Room for the end labels (and the legend when it has one).
  double top = 20;
  double bottom = 50;
  double font = 12;
  bool title = false;   ///< The title inside the SVG (a standalone file); else the page has it.
  bool legend = false;  ///< The legend inside the SVG, right of the plot.
};

// The SVG attribute of a dashed series' line, or nothing for a solid one.
std::string dash_attribute(const SeriesStyle& style) {
  return style.dash.empty() ? std::string() : fmt::format(" stroke-dasharray=\"{}\"", style.dash);
}

// A rough width of `text` drawn at `font` (sans-serif averages ~0.6 em a character).
double text_width(const std::string& text, double font) {
  return 0.6 * font * static_cast<double>(display_width(text, Columns::Utf8));
}

constexpr std::size_t kLegendChars = 32;

// The body of an SVG chart (no XML declaration): axes, ticks, a line per series with a dot on
// each value (all of them on a short x axis; else where a value has no neighbour, so one game
// still shows), the series' key number at its end, and optionally the title and legend.
std::string svg_chart(const ChartData& chart, const SvgFrame& f, std::string_view css_class) {
  const double plot_w = f.width - f.left - f.right;
  const double plot_h = f.height - f.top - f.bottom;
  const auto x_count = chart.x_labels.size();
  const std::vector<double> ticks = chart_ticks(chart, 9);
  const int decimals = tick_decimals(ticks);
  const ChartRange range{ticks.front(), ticks.back()};
  auto px = [&](std::size_t i) {
    return f.left + (x_count <= 1
                         ? plot_w / 2
                         : plot_w * static_cast<double>(i) / static_cast<double>(x_count - 1));
  };
  auto py = [&](double v) { return f.top + plot_h * (range.high - v) / (range.high - range.low); };
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\"{4} width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"{2}\" role=\"img\" "
      "aria-label=\"{3}\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
      f.width, f.height, f.font, xml_escape(chart.title),
      css_class.empty() ? std::string() : fmt::format(" class=\"{}\"", css_class));
  if (f.title) {
    svg +=
        fmt::format("<text x=\"{}\" y=\"{:.1f}\" font-size=\"{}\" font-weight=\"bold\">{}</text>\n",
                    f.left, f.top - 14, f.font + 4, xml_escape(chart.title));
  }
  for (const double v : ticks) {
    svg += fmt::format(
        "<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"#ddd\"/>"
        "<text x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">{5}</text>\n",
        f.left, py(v), f.left + plot_w, f.left - 5, py(v) + f.font / 3, tick_text(v, decimals));
  }
  svg += fmt::format(
      "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"black\"/>"
      "<line x1=\"{0}\" y1=\"{2}\" x2=\"{3}\" y2=\"{2}\" stroke=\"black\"/>\n",
      f.left, f.top, f.top + plot_h, f.left + plot_w);
  svg += fmt::format(
      "<text x=\"{0:.1f}\" y=\"{1:.1f}\" transform=\"rotate(-90 {0:.1f} {1:.1f})\" "
      "text-anchor=\"middle\">{2}</text>\n",
      f.font, f.top + plot_h / 2, xml_escape(chart.y_title));
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n",
                     f.left + plot_w / 2, f.top + plot_h + 2.8 * f.font, xml_escape(chart.x_title));
  // X labels, each skipped when it would touch the one before (the last is always shown).
  double free_from = 0;
  for (std::size_t i = 0; i < x_count; ++i) {
    const std::string& label = chart.x_labels[i];
    const double half = text_width(label, f.font) / 2;
    const bool last = i + 1 == x_count;
    if (label.empty() || px(i) - half < free_from) continue;
    if (!last) {
      // Keep room for the last label.
      const double last_half = text_width(chart.x_labels.back(), f.font) / 2;
      if (px(i) + half + f.font / 2 > px(x_count - 1) - last_half) continue;
    }
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n", px(i),
                       f.top + plot_h + 1.4 * f.font, xml_escape(label));
    free_from = px(i) + half + f.font / 2;
  }
  struct End {
    std::size_t series;
    double x;
    double y;
  };
  std::vector<End> ends;
  const bool dot_every_value = x_count <= 24;
  for (std::size_t k = 0; k < chart.series.size(); ++k) {
    const SeriesStyle style = series_style(k);
    const std::string dash = dash_attribute(style);
    std::string points;
    auto flush = [&] {
      if (!points.empty()) {
        svg += fmt::format(
            "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\"{} points=\"{}\"/>\n",
            style.colour, dash, points);
      }
      points.clear();
    };
    const auto& ys = chart.series[k].y;
    const std::size_t n = std::min(ys.size(), x_count);
    for (std::size_t i = 0; i < n; ++i) {
      if (!ys[i]) {
        flush();
        continue;
      }
      points += fmt::format("{}{:.1f},{:.1f}", points.empty() ? "" : " ", px(i), py(*ys[i]));
      const bool alone = (i == 0 || !ys[i - 1]) && (i + 1 >= n || !ys[i + 1]);
      if (dot_every_value || alone) {
        svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{}\" fill=\"{}\"/>\n", px(i),
                           py(*ys[i]), alone ? 4 : 2.5, style.colour);
      }
    }
    flush();
    for (std::size_t i = n; i-- > 0;) {
      if (ys[i]) {
        ends.push_back({k, px(i), py(*ys[i])});
        break;
      }
    }
  }
  // End labels: the series' key number right of its last value, pushed apart so none overlap.
  std::sort(ends.begin(), ends.end(), [](const End& a, const End& b) { return a.y < b.y; });
  const double gap = f.font + 1;
  for (std::size_t i = 1; i < ends.size(); ++i)
    ends[i].y = std::max(ends[i].y, ends[i - 1].y + gap);
  const double lowest = f.top + plot_h + f.font;
  if (!ends.empty() && ends.back().y > lowest) {
    ends.back().y = lowest;
    for (std::size_t i = ends.size() - 1; i-- > 0;)
      ends[i].y = std::min(ends[i].y, ends[i + 1].y - gap);
  }
  for (const End& e : ends) {
    svg +=
        fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"{}\" font-weight=\"bold\">{}</text>\n",
                    e.x + 6, e.y + f.font / 3, series_style(e.series).colour, e.series + 1);
  }
  if (f.legend) {
    const double lx = f.left + plot_w + 30;
    for (std::size_t k = 0; k < chart.series.size(); ++k) {
      const SeriesStyle style = series_style(k);
      const double ly = f.top + 10 + (f.font + 8) * static_cast<double>(k);
      svg += fmt::format(
          "<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"{3}\" "
          "stroke-width=\"3\"{4}/><text x=\"{5}\" y=\"{6:.1f}\"><title>{7}</title>{8} {9}</text>\n",
          lx, ly, lx + 20, style.colour, dash_attribute(style), lx + 26, ly + f.font / 3,
          xml_escape(chart.series[k].name), k + 1,
          xml_escape(short_name(chart.series[k].name, kLegendChars)));
    }
  }
  if (f.title && !chart.note.empty()) {
    svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" fill=\"#444\">{}</text>\n", f.left,
                       f.height - 8, xml_escape(chart.note));
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace

SeriesStyle series_style(std::size_t k) {
  // 14 colours, one per seat of the biggest game, told apart on white; from the 8th on the
  // lines are dashed as well.
  static constexpr std::array<const char*, 14> kColours = {
      "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
      "#17becf", "#7f7f7f", "#bcbd22", "#111111", "#393b79", "#b8860b", "#006d5b"};
  return {kColours[k % kColours.size()], k >= 7 ? "7 3" : ""};
}

std::string chart_svg(const ChartData& chart) {
  SvgFrame frame;
  frame.title = true;
  frame.legend = true;
  frame.top = 40;
  if (!chart.note.empty()) frame.bottom += 20;  // the note under the x axis' title
  std::size_t longest = 0;
  for (const auto& s : chart.series)
    longest = std::max(longest, display_width(short_name(sanitize(s.name), kLegendChars)));
  frame.right = 40 + 26 + 24 + 0.6 * frame.font * static_cast<double>(longest + 3);
  frame.width = 640 + frame.right;
  frame.height =
      std::max(450.0, frame.top + 20 + (frame.font + 8) * static_cast<double>(chart.series.size()));
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg_chart(chart, frame, "");
}

std::string chart_figure_html(const ChartData& chart) {
  SvgFrame wide;  // a desktop and paper
  SvgFrame narrow{.width = 320, .height = 260, .left = 44, .right = 28, .top = 12, .bottom = 44};
  std::string html =
      "<figure class=\"chart\">\n<figcaption>" + xml_escape(chart.title) + "</figcaption>\n";
  html += svg_chart(chart, wide, "chart-wide");
  html += svg_chart(chart, narrow, "chart-narrow");
  html += "<ol class=\"legend\">\n";
  for (std::size_t k = 0; k < chart.series.size(); ++k) {
    const SeriesStyle style = series_style(k);
    html += fmt::format(
        "<li><svg width=\"28\" height=\"10\" aria-hidden=\"true\"><line x1=\"1\" y1=\"5\" "
        "x2=\"27\" y2=\"5\" stroke=\"{}\" stroke-width=\"3\"{}/></svg><span class=\"k\">{}</span> "
        "<bdi>{}</bdi></li>\n",
        style.colour, dash_attribute(style), k + 1, xml_escape(chart.series[k].name));
  }
  html += "</ol>\n";
  if (!chart.note.empty()) html += "<p class=\"key\">" + xml_escape(chart.note) + "</p>\n";
  return html + "</figure>\n";
}

}  // namespace crowns::views
