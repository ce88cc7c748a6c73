#pragma once
// Rendering a line chart as a standalone SVG document or a page's figure, and the axis ticks
// the terminal's drawing shares (cli/views/chart_text.hpp).

#include <string>
#include <string_view>
#include <vector>

#include "crowns/chart.hpp"
#include "views/style.hpp"

namespace crowns::views {

struct ChartData {
  std::string title;                  ///< Stored text allowed: sanitized / escaped when drawn.
  std::string y_title;                ///< "total", "rating".
  std::string x_title;                ///< "round", "date of game".
  std::vector<std::string> x_labels;  ///< One per x position; empty ones are skipped.
  std::vector<ChartSeries> series;
  int decimals = 0;  ///< For the y axis labels.
  std::string note;  ///< Words under the chart on a page (what the x labels stand for).
};

/// How series `k` is drawn in SVG: a colour unique to each of the 14 seats of the biggest
/// game, and a dash pattern ("" for solid) from the 8th series on.
struct SeriesStyle {
  std::string_view colour;
  std::string_view dash;
};
SeriesStyle series_style(std::size_t k);

/// Round ticks over the chart's values (0, 100, 200 ... rather than 96, 193 ...): at most 4
/// intervals, fewer on a chart too short to label them all (`rows` high).
std::vector<double> chart_ticks(const ChartData& chart, int rows);

/// Decimals that tell the ticks apart: none for a step of 1 or more, else enough for it.
int tick_decimals(const std::vector<double>& ticks);

/// A tick's label: `value` with `decimals` decimals ("0", not "-0").
std::string tick_text(double value, int decimals);

/// The chart as a standalone SVG document: title, lines (each numbered at its end) and a
/// legend of full names (up to 32 characters).
std::string chart_svg(const ChartData& chart);

/// The chart for a page: a <figure> with its title as caption, an SVG for wide screens and
/// paper and one for phones (CSS shows one: classes chart-wide / chart-narrow; the narrow one
/// keeps its text at 12 px on a 360-px screen), the legend as an HTML list of full names
/// keyed by the numbers at the lines' ends, and the note.
std::string chart_figure_html(const ChartData& chart);

}  // namespace crowns::views
