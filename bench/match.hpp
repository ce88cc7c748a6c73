#pragma once
// What the match programs (bench_selfplay, bench_race) share: the options that set a match of
// strategy A against B, and the seed of each deal, so that the same --seed plays the same deals
// in each of them.

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "crowns/random.hpp"
#include "crowns/selfplay.hpp"

namespace crowns::bench {

struct Match {
  selfplay::Strategy a = selfplay::Strategy::Advisor;
  selfplay::Strategy b = selfplay::Strategy::Greedy;
  int players = 2;
  int deals = 2000;
  std::uint64_t seed = 1;
  int jobs = 2;
};

/// Reads `value` into `m` when `arg` is one of --a, --b, --players, --deals, --seed, --jobs
/// (false otherwise); a strategy it does not know goes to `usage`, which must not return.
template <class Usage>
bool parse_match_option(std::string_view arg, const std::string& value, Match& m, Usage usage) {
  if (arg == "--a" || arg == "--b") {
    auto s = selfplay::parse_strategy(value);
    if (!s) usage(s.error());
    (arg == "--a" ? m.a : m.b) = *s;
  } else if (arg == "--players") {
    m.players = std::stoi(value);
  } else if (arg == "--deals") {
    m.deals = std::stoi(value);
  } else if (arg == "--seed") {
    m.seed = std::stoull(value);
  } else if (arg == "--jobs") {
    m.jobs = std::max(1, std::stoi(value));
  } else {
    return false;
  }
  return true;
}

/// The seed of deal `i` of a match seeded `seed`.
inline std::uint64_t deal_seed(std::uint64_t seed, int i) {
  SplitMix64 mix(seed + static_cast<std::uint64_t>(i) * 7919);
  return mix.next();
}

}  // namespace crowns::bench
