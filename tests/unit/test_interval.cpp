// The 95% Wilson interval against the test it inverts, scanned on a grid, and the way an interval
// is written ("0–6%").

#include <catch2/catch.hpp>
#include <cmath>

#include "crowns/interval.hpp"
#include "views/report.hpp"

using namespace crowns;

namespace {

// The interval by brute force: every p on a grid of step `step` that the score test does not
// reject, (k/n - p)^2 <= z^2 p (1 - p) / n. The accepted p form one range (the test is a
// quadratic in p); its ends are the interval's.
Interval scanned_interval(int k, int n, double step) {
  const double observed = static_cast<double>(k) / n;
  Interval range{2, -1};
  const auto points = static_cast<int>(std::lround(1 / step));
  for (int i = 0; i <= points; ++i) {
    const double p = i * step;
    const double gap = observed - p;
    if (gap * gap <= kZ95 * kZ95 * p * (1 - p) / n) {
      range.low = std::min(range.low, p);
      range.high = std::max(range.high, p);
    }
  }
  return range;
}

}  // namespace

TEST_CASE("the Wilson interval holds exactly the p the score test accepts", "[interval]") {
  constexpr double kStep = 1e-4;
  for (int n = 1; n <= 40; ++n) {
    for (int k = 0; k <= n; ++k) {
      INFO(k << " of " << n);
      const Interval wilson = wilson_interval(k, n);
      const Interval scanned = scanned_interval(k, n, kStep);
      CHECK(wilson.low == Approx(scanned.low).margin(kStep));
      CHECK(wilson.high == Approx(scanned.high).margin(kStep));
      // Within 0..1, around the observed share, and never zero wide.
      CHECK(wilson.low >= 0);
      CHECK(wilson.high <= 1);
      CHECK(wilson.low <= static_cast<double>(k) / n);
      CHECK(wilson.high >= static_cast<double>(k) / n);
      CHECK(wilson.high - wilson.low > 0.01);
    }
  }
}

TEST_CASE("the Wilson interval of all or none, worked by hand", "[interval]") {
  // With k = 0 the upper end solves p^2 = z^2 p (1 - p) / n: p = z^2 / (n + z^2).
  const double z2 = kZ95 * kZ95;
  for (const int n : {1, 2, 30, 60, 2000}) {
    INFO(n);
    CHECK(wilson_interval(0, n).low == 0);
    CHECK(wilson_interval(0, n).high == Approx(z2 / (n + z2)));
    CHECK(wilson_interval(n, n).low == Approx(n / (n + z2)));
    CHECK(wilson_interval(n, n).high == 1);
  }
  CHECK(wilson_interval(0, 0).low == 0);
  CHECK(wilson_interval(0, 0).high == 1);
  CHECK(wilson_interval(3, 4).half_width() ==
        Approx((wilson_interval(3, 4).high - wilson_interval(3, 4).low) / 2));
}

TEST_CASE("an interval is written in whole percents unless that would blur its ends",
          "[interval]") {
  using views::interval_text;
  CHECK(interval_text(wilson_interval(0, 60)) == "0–6%");
  CHECK(interval_text(wilson_interval(0, 30)) == "0–11%");
  CHECK(interval_text(wilson_interval(2, 2)) == "34–100%");
  CHECK(interval_text(wilson_interval(0, 3)) == "0–56%");
  // Narrower than 3 points: a decimal, then more, so the ends never read as one number.
  CHECK(interval_text({0.057, 0.079}) == "5.7–7.9%");
  CHECK(interval_text(wilson_interval(0, 2000)) == "0.00–0.19%");
  CHECK(interval_text({0.887, 0.899}) == "88.7–89.9%");
  CHECK(interval_text({0.4397, 0.4834}) == "44–48%");
  CHECK(interval_text({0.25, 0.25}) == "25.0000–25.0000%");  // no width: at most 4 decimals
}
