#pragma once
// A line chart in the terminal: braille with symbols on, else ASCII markers; one colour per
// series when colour is on. The page's SVG is views/chart.hpp.

#include <ostream>

#include "views/chart.hpp"
#include "views/style.hpp"

namespace crowns::cli {

/// Draws the chart `width` x `height` cells (plus axes and legend) on `out`.
void print_chart(std::ostream& out, const views::Style& style, const views::ChartData& chart,
                 int width, int height);

}  // namespace crowns::cli
