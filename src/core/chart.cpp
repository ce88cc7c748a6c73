#include "crowns/chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace crowns {
namespace {

constexpr const char* kMarkers = "*o+x#@%&=$";

// UTF-8 of the braille pattern with these dots.
std::string braille(unsigned mask) {
  const unsigned cp = 0x2800u + mask;
  std::string out;
  out += static_cast<char>(0xe0u | (cp >> 12));
  out += static_cast<char>(0x80u | ((cp >> 6) & 0x3fu));
  out += static_cast<char>(0x80u | (cp & 0x3fu));
  return out;
}

// The bit of the braille dot at column dx (0-1), row dy (0-3) of a cell.
unsigned braille_bit(int dx, int dy) {
  static constexpr unsigned kBits[4][2] = {{0x01, 0x08}, {0x02, 0x10}, {0x04, 0x20}, {0x40, 0x80}};
  return kBits[dy][dx];
}

class Raster {
 public:
  Raster(int width, int height, ChartGlyphs glyphs)
      : width_(width),
        height_(height),
        glyphs_(glyphs),
        masks_(static_cast<std::size_t>(width * height), 0u),
        owner_(static_cast<std::size_t>(width * height), -1) {}

  [[nodiscard]] int dots_x() const { return glyphs_ == ChartGlyphs::Braille ? width_ * 2 : width_; }
  [[nodiscard]] int dots_y() const {
    return glyphs_ == ChartGlyphs::Braille ? height_ * 4 : height_;
  }

  void dot(int x, int y, int series) {
    if (x < 0 || y < 0 || x >= dots_x() || y >= dots_y()) return;
    const int per_x = glyphs_ == ChartGlyphs::Braille ? 2 : 1;
    const int per_y = glyphs_ == ChartGlyphs::Braille ? 4 : 1;
    const auto at = (static_cast<std::size_t>(y / per_y) * static_cast<std::size_t>(width_)) +
                    static_cast<std::size_t>(x / per_x);
    masks_[at] |= glyphs_ == ChartGlyphs::Braille ? braille_bit(x % 2, y % 4) : 1u;
    owner_[at] = series;
  }

  // Bresenham from (x0, y0) to (x1, y1).
  void line(int x0, int y0, int x1, int y1, int series) {
    const int dx = std::abs(x1 - x0);
    const int dy = -std::abs(y1 - y0);
    const int sx = x0 < x1 ? 1 : -1;
    const int sy = y0 < y1 ? 1 : -1;
    int err = dx + dy;
    while (true) {
      dot(x0, y0, series);
      if (x0 == x1 && y0 == y1) break;
      const int e2 = 2 * err;
      if (e2 >= dy) {
        err += dy;
        x0 += sx;
      }
      if (e2 <= dx) {
        err += dx;
        y0 += sy;
      }
    }
  }

  void finish(ChartGrid& grid) const {
    grid.cells.assign(masks_.size(), " ");
    grid.owner = owner_;
    for (std::size_t i = 0; i < masks_.size(); ++i) {
      if (masks_[i] == 0) continue;
      grid.cells[i] = glyphs_ == ChartGlyphs::Braille
                          ? braille(masks_[i])
                          : std::string(1, ascii_marker(static_cast<std::size_t>(owner_[i])));
    }
  }

 private:
  int width_;
  int height_;
  ChartGlyphs glyphs_;
  std::vector<unsigned> masks_;
  std::vector<int> owner_;
};

}  // namespace

char ascii_marker(std::size_t series) {
  return kMarkers[series % 10];
}

double ChartGrid::row_value(int row) const {
  if (height <= 1) return y_max;
  return y_max - (y_max - y_min) * (static_cast<double>(row) + 0.5) / static_cast<double>(height);
}

std::vector<double> nice_ticks(double low, double high, int intervals) {
  if (high < low) std::swap(low, high);
  if (high - low < 1e-9) {
    low -= 1;
    high += 1;
  }
  // The steps 1, 2, 5 x 10^k from the one just under the raw step up: the first whose
  // rounded-out ends fit in `intervals` intervals.
  const int most = std::max(intervals, 1);
  const double raw = (high - low) / most;
  double magnitude = std::pow(10.0, std::floor(std::log10(raw)) - 1);
  double step = magnitude;
  long long first = 0;
  long long last = 0;
  for (int m = 0;; m = (m + 1) % 3) {
    static constexpr double kMultiples[] = {1.0, 2.0, 5.0};
    step = kMultiples[m] * magnitude;
    first = static_cast<long long>(std::floor(low / step + 1e-9));
    last = static_cast<long long>(std::ceil(high / step - 1e-9));
    if (last - first <= most) break;
    if (m == 2) magnitude *= 10;
  }
  std::vector<double> ticks;
  for (long long k = first; k <= last; ++k) {
    const double v = static_cast<double>(k) * step;
    ticks.push_back(v == 0.0 ? 0.0 : v);  // no -0
  }
  return ticks;
}

ChartGrid draw_chart(const std::vector<ChartSeries>& series, int x_count, int width, int height,
                     ChartGlyphs glyphs, std::optional<ChartRange> range) {
  ChartGrid grid;
  grid.width = std::max(width, 2);
  grid.height = std::max(height, 2);
  bool any = false;
  for (const auto& s : series) {
    for (const auto& v : s.y) {
      if (!v) continue;
      grid.y_min = any ? std::min(grid.y_min, *v) : *v;
      grid.y_max = any ? std::max(grid.y_max, *v) : *v;
      any = true;
    }
  }
  if (range) {
    grid.y_min = range->low;
    grid.y_max = range->high;
  }
  if (grid.y_max - grid.y_min < 1e-9) {
    grid.y_min -= 1;
    grid.y_max += 1;
  }
  Raster raster(grid.width, grid.height, glyphs);
  const int dots_x = raster.dots_x();
  const int dots_y = raster.dots_y();
  auto to_x = [&](int i) {
    if (x_count <= 1) return 0;
    return static_cast<int>(std::lround(static_cast<double>(i) * (dots_x - 1) / (x_count - 1)));
  };
  auto to_y = [&](double v) {
    return static_cast<int>(
        std::lround((grid.y_max - v) * (dots_y - 1) / (grid.y_max - grid.y_min)));
  };
  const int per_x = glyphs == ChartGlyphs::Braille ? 2 : 1;
  for (int i = 0; i < x_count; ++i) grid.x_column.push_back(to_x(i) / per_x);
  for (std::size_t k = 0; k < series.size(); ++k) {
    const auto& ys = series[k].y;
    std::optional<std::pair<int, int>> last;
    for (std::size_t i = 0; i < ys.size() && static_cast<int>(i) < x_count; ++i) {
      if (!ys[i]) {
        last.reset();
        continue;
      }
      const std::pair point{to_x(static_cast<int>(i)), to_y(*ys[i])};
      if (last) {
        raster.line(last->first, last->second, point.first, point.second, static_cast<int>(k));
      } else {
        raster.dot(point.first, point.second, static_cast<int>(k));
      }
      last = point;
    }
  }
  raster.finish(grid);
  return grid;
}

std::vector<int> spark_levels(const std::vector<double>& values, int levels) {
  std::vector<int> out;
  if (values.empty() || levels < 1) return out;
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  for (double v : values) {
    if (*hi - *lo < 1e-9) {
      out.push_back(levels / 2);
      continue;
    }
    const double t = (v - *lo) / (*hi - *lo);
    out.push_back(std::clamp(static_cast<int>(std::lround(t * (levels - 1))), 0, levels - 1));
  }
  return out;
}

}  // namespace crowns
