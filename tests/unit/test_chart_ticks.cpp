// Round chart ticks: the examples people read, and a property test against a brute-force
// search over every 1/2/5 x 10^k step.

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "crowns/chart.hpp"

using crowns::nice_ticks;

TEST_CASE("nice_ticks: round values", "[chart]") {
  CHECK(nice_ticks(0, 385, 4) == std::vector<double>{0, 100, 200, 300, 400});
  CHECK(nice_ticks(96, 385, 4) == std::vector<double>{0, 100, 200, 300, 400});
  CHECK(nice_ticks(-3.2, 12.7, 4) == std::vector<double>{-5, 0, 5, 10, 15});
  CHECK(nice_ticks(0, 3, 4) == std::vector<double>{0, 1, 2, 3});
  CHECK(nice_ticks(5, 5, 4) == std::vector<double>{4, 4.5, 5, 5.5, 6});  // flat: widened by 1
}

namespace {
// The smallest step of the form m x 10^k (m in 1, 2, 5) giving at most `intervals` intervals
// over [lo, hi] when the ends are rounded out to multiples of it.
double reference_step(double lo, double hi, int intervals) {
  double best = 0;
  for (int k = -6; k <= 8; ++k) {
    for (const double m : {1.0, 2.0, 5.0}) {
      const double step = m * std::pow(10.0, k);
      const double n = std::ceil(hi / step - 1e-9) - std::floor(lo / step + 1e-9);
      if (n <= intervals && (best == 0 || step < best)) best = step;
    }
  }
  return best;
}
}  // namespace

TEST_CASE("nice_ticks: cover the range with the finest round step that fits", "[chart]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> value(-500, 2000);
  for (int i = 0; i < 2000; ++i) {
    double lo = value(rng);
    double hi = value(rng);
    if (hi < lo) std::swap(lo, hi);
    if (hi - lo < 1e-3) continue;
    const auto ticks = nice_ticks(lo, hi, 4);
    REQUIRE(ticks.size() >= 2);
    CHECK(ticks.front() <= lo + 1e-9);
    CHECK(ticks.back() >= hi - 1e-9);
    const double step = ticks[1] - ticks[0];
    CHECK(step == Approx(reference_step(lo, hi, 4)));
    CHECK(static_cast<int>(ticks.size()) - 1 <= 4);
    for (std::size_t t = 1; t < ticks.size(); ++t) CHECK(ticks[t] - ticks[t - 1] == Approx(step));
  }
}
