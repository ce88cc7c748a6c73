#pragma once
// Line charts drawn as text: series of values rasterised onto a grid of cells, either in
// Unicode braille (2 x 4 dots per cell) or in plain ASCII (one marker per cell). The grid
// knows which series drew each cell, so the CLI can colour it; axes and legends are the
// CLI's. Also sparkline levels. No I/O.

#include <optional>
#include <string>
#include <vector>

namespace crowns {

/// One line: y at x = 0, 1, ...; a missing value leaves a gap before the next one.
struct ChartSeries {
  std::string name;
  std::vector<std::optional<double>> y;
};

enum class ChartGlyphs { Braille, Ascii };

struct ChartGrid {
  int width = 0;   ///< Cells across.
  int height = 0;  ///< Cells down; row 0 is the top.
  double y_min = 0;
  double y_max = 0;
  std::vector<int> x_column;       ///< The cell column of each x.
  std::vector<std::string> cells;  ///< UTF-8 glyph of each cell, row-major; " " when empty.
  std::vector<int> owner;          ///< The series that last drew each cell, or -1.

  [[nodiscard]] const std::string& cell(int row, int col) const { return cells[index(row, col)]; }
  [[nodiscard]] int owner_of(int row, int col) const { return owner[index(row, col)]; }
  /// The place of a cell in `cells` and `owner`: row by row.
  [[nodiscard]] std::size_t index(int row, int col) const {
    return static_cast<std::size_t>(row) * static_cast<std::size_t>(width) +
           static_cast<std::size_t>(col);
  }
  /// The value at the middle of `row`.
  [[nodiscard]] double row_value(int row) const;
};

/// The marker of series i in ASCII charts (and in their legend).
char ascii_marker(std::size_t series);

/// The y range of a chart: its lowest and highest value.
struct ChartRange {
  double low = 0;
  double high = 0;
};

/// Draws every series over `x_count` x positions onto a width x height grid (both >= 2).
/// The y range is `range` if given, else spans all values (widened by 1 each way when flat).
ChartGrid draw_chart(const std::vector<ChartSeries>& series, int x_count, int width, int height,
                     ChartGlyphs glyphs, std::optional<ChartRange> range = std::nullopt);

/// Round axis ticks for values from `low` to `high`: a step of 1, 2 or 5 times a power of
/// ten giving at most `intervals` intervals, from the last multiple of the step at or below
/// `low` to the first at or above `high` (0, 100, 200, 300, 400 for 0 ... 385). Flat ranges
/// are widened by 1 each way first.
std::vector<double> nice_ticks(double low, double high, int intervals);

/// Each value's level 0..levels-1 between the smallest and largest (the middle when flat).
std::vector<int> spark_levels(const std::vector<double>& values, int levels);

}  // namespace crowns
