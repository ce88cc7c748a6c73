#pragma once
// The 95% Wilson score interval of a sampled proportion. Unlike p ± 1.96·sqrt(p(1-p)/n) it
// stays within 0..1 and is not zero wide when every sample agrees: 0 of 60 is 0-6%, where the
// normal approximation says "0.0% ± 0.0%". No I/O.

#include <algorithm>
#include <cmath>

namespace crowns {

/// The normal quantile of a two-sided 95% interval.
inline constexpr double kZ95 = 1.959964;

/// A range of a probability, both ends in 0..1.
struct Interval {
  double low = 0;
  double high = 1;
  [[nodiscard]] double half_width() const { return (high - low) / 2; }
};

/// The 95% Wilson interval for `successes` out of `n` samples: the p whose score test
/// |successes/n - p| <= z·sqrt(p(1-p)/n) does not reject. {0, 1} when n is 0.
inline Interval wilson_interval(int successes, int n) {
  if (n <= 0) return {0, 1};
  const double nn = n;
  const double p = successes / nn;
  const double z2 = kZ95 * kZ95;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = kZ95 / (1 + z2 / nn) * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
  // All or none: the end is exactly 1 or 0 (rounding would leave 0.9999999999999999).
  return {successes <= 0 ? 0.0 : std::max(0.0, centre - half),
          successes >= n ? 1.0 : std::min(1.0, centre + half)};
}

}  // namespace crowns
