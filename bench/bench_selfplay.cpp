// Self-play harness: the advisor against the greedy baseline (or any two strategies) in the
// duplicate format. Usage in docs/ADVICE.md:
//   bench_selfplay [--a advisor] [--b greedy] [--players 2] [--deals 2000] [--seed 1]
//                  [--jobs 2] [--boxes 1]
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "crowns/selfplay.hpp"

namespace {

struct Options {
  crowns::Strategy a = crowns::Strategy::Advisor;
  crowns::Strategy b = crowns::Strategy::Greedy;
  int players = 2;
  int deals = 2000;
  std::uint64_t seed = 1;
  int jobs = 2;
  int boxes = 1;
};

[[noreturn]] void usage(const std::string& message) {
  std::fprintf(stderr, "bench_selfplay: %s\n", message.c_str());
  std::fprintf(stderr,
               "usage: bench_selfplay [--a advisor|greedy] [--b advisor|greedy] [--players N] "
               "[--deals N] [--seed N] [--jobs N] [--boxes 1|2]\n");
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (i + 1 >= argc) usage("missing value after " + std::string(arg));
    const std::string value = argv[++i];
    if (arg == "--a" || arg == "--b") {
      auto s = crowns::parse_strategy(value);
      if (!s) usage(s.error());
      (arg == "--a" ? o.a : o.b) = *s;
    } else if (arg == "--players") {
      o.players = std::stoi(value);
    } else if (arg == "--deals") {
      o.deals = std::stoi(value);
    } else if (arg == "--seed") {
      o.seed = std::stoull(value);
    } else if (arg == "--jobs") {
      o.jobs = std::max(1, std::stoi(value));
    } else if (arg == "--boxes") {
      o.boxes = std::stoi(value);
    } else {
      usage("unknown option " + std::string(arg));
    }
  }
  if (o.players < 2 || o.players > 7 * o.boxes) usage("--players out of range");
  return o;
}

}  // namespace

int main(int argc, char** argv) try {
  const Options o = parse(argc, argv);
  std::vector<crowns::DuplicateDeal> deals(static_cast<std::size_t>(o.deals));
  std::atomic<int> next{0};
  const auto start = std::chrono::steady_clock::now();
  auto worker = [&] {
    for (int i = next++; i < o.deals; i = next++) {
      crowns::SplitMix mix(o.seed + static_cast<std::uint64_t>(i) * 7919);
      deals[static_cast<std::size_t>(i)] =
          crowns::play_duplicate(mix.next(), o.players, o.a, o.b, o.boxes);
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(o.jobs));
  for (int j = 0; j < o.jobs; ++j) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto m = crowns::summarize(deals);
  const auto a = crowns::strategy_name(o.a);
  const auto b = crowns::strategy_name(o.b);
  std::printf("%d players, %d deals x %d seatings (duplicate), seed %llu, %d box(es)\n", o.players,
              m.deals, o.players, static_cast<unsigned long long>(o.seed), o.boxes);
  std::printf("mean game score  %-8.*s %7.2f\n", static_cast<int>(a.size()), a.data(), m.a_mean);
  std::printf("mean game score  %-8.*s %7.2f\n", static_cast<int>(b.size()), b.data(), m.b_mean);
  std::printf("%.*s - %.*s: %+.2f points a game, 95%% CI [%+.2f, %+.2f]\n",
              static_cast<int>(b.size()), b.data(), static_cast<int>(a.size()), a.data(),
              m.difference, m.difference - m.margin, m.difference + m.margin);
  std::printf("%.*s win share %.1f%% (ties shared; an even share is %.1f%%)\n",
              static_cast<int>(a.size()), a.data(), 100 * m.a_win_share, 100.0 / o.players);
  std::printf("%.1f s wall, %d jobs\n", seconds, o.jobs);
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "bench_selfplay: %s\n", e.what());
  return 1;
}
