#pragma once
// Rendering a line chart: in the terminal (braille with symbols on, else ASCII markers;
// one colour per series when colour is on) and as a standalone SVG document.

#include <ostream>
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

/// Draws the chart `width` x `height` cells (plus axes and legend) on `out`.
void print_chart(std::ostream& out, const Style& style, const ChartData& chart, int width,
                 int height);

/// The chart as a standalone SVG document: title, lines (each numbered at its end) and a
/// legend of full names (up to 32 characters).
std::string chart_svg(const ChartData& chart);

/// The chart for a page: a <figure> with its title as caption, an SVG for wide screens and
/// paper and one for phones (CSS shows one: classes chart-wide / chart-narrow; the narrow one
/// keeps its text at 12 px on a 360-px screen), the legend as an HTML list of full names
/// keyed by the numbers at the lines' ends, and the note.
std::string chart_figure_html(const ChartData& chart);

}  // namespace crowns::views
