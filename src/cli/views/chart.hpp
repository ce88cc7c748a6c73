#pragma once
// Rendering a line chart: in the terminal (braille with symbols on, else ASCII markers;
// one colour per series when colour is on) and as a standalone SVG document.

#include <ostream>
#include <string>
#include <vector>

#include "cli/views/style.hpp"
#include "crowns/chart.hpp"

namespace crowns::cli {

struct ChartData {
  std::string title;                  ///< Stored text allowed: sanitized / escaped when drawn.
  std::string y_title;                ///< "total", "rating".
  std::string x_title;                ///< "round", "date of game".
  std::vector<std::string> x_labels;  ///< One per x position; empty ones are skipped.
  std::vector<ChartSeries> series;
  int decimals = 0;  ///< For the y axis labels.
};

/// Draws the chart `width` x `height` cells (plus axes and legend) on `out`.
void print_chart(std::ostream& out, const Style& style, const ChartData& chart, int width,
                 int height);

/// The chart as a standalone SVG document.
std::string chart_svg(const ChartData& chart);

}  // namespace crowns::cli
