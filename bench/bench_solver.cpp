// Solver benchmark: random legal hands per round, and a search for the slowest hands.
// Usage: bench_solver [hands-per-round] [seed]

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "crowns/deck.hpp"
#include "crowns/solver.hpp"

using namespace crowns;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
  const int hands = argc > 1 ? std::atoi(argv[1]) : 20000;
  const unsigned seed = argc > 2 ? static_cast<unsigned>(std::atoi(argv[2])) : 42;
  std::mt19937_64 rng(seed);
  volatile int sink = 0;
  std::printf("%-28s %10s %10s %10s %10s\n", "case", "median ns", "p99 ns", "max ns", "mean ns");
  for (int round : {3, 7, 11}) {
    for (HandMode mode : {HandMode::Dealt, HandMode::Drawn}) {
      const int n = round + 2 + (mode == HandMode::Drawn ? 1 : 0);
      std::vector<std::vector<Card>> set;
      for (int i = 0; i < hands; ++i) set.push_back(deal(n, rng));
      std::vector<double> ns;
      ns.reserve(set.size());
      for (const auto& h : set) {
        const auto t0 = Clock::now();
        sink = sink + min_score(h, round + 2, mode);
        const auto t1 = Clock::now();
        ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
      }
      std::sort(ns.begin(), ns.end());
      double sum = 0;
      for (double v : ns) sum += v;
      char label[64];
      std::snprintf(label, sizeof label, "round %d %s (%d cards)", round,
                    mode == HandMode::Drawn ? "drawn" : "dealt", n);
      std::printf("%-28s %10.0f %10.0f %10.0f %10.0f\n", label, ns[ns.size() / 2],
                  ns[ns.size() * 99 / 100], ns.back(), sum / static_cast<double>(ns.size()));
    }
  }
  return sink == -1;
}
