#pragma once
// The one random generator of crowns: SplitMix64, whose output is fixed by its definition, so a
// seed deals the same cards with every compiler and standard library (std::shuffle's use of an
// engine is not specified). Solitaire's deals, self-play, sampled odds and the plan search's
// Zobrist keys all draw from it.

#include <cstdint>
#include <limits>

namespace crowns {

class SplitMix64 {
 public:
  using result_type = std::uint64_t;
  explicit constexpr SplitMix64(std::uint64_t seed) : state_(seed) {}

  constexpr std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30U)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27U)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31U);
  }
  /// Uniform in [0, bound) for bound > 0, by rejection: no modulo bias.
  constexpr std::uint64_t below(std::uint64_t bound) {
    const std::uint64_t limit = kMax - kMax % bound;
    for (;;) {
      const std::uint64_t x = next();
      if (x < limit) return x % bound;
    }
  }

  // A UniformRandomBitGenerator, for the standard algorithms.
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return kMax; }
  constexpr result_type operator()() { return next(); }

 private:
  static constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t state_;
};

}  // namespace crowns
