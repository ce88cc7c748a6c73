// Decision speed of the advisor and of odds K=2: random round-11 situations (13 cards and a top
// discard, 14 cards after drawing), single thread. Usage: bench_advice [hands=300] [seed=1]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

#include "crowns/advice.hpp"
#include "crowns/deck.hpp"
#include "crowns/odds.hpp"
#include "crowns/random.hpp"

namespace {

// CPU time of the process in milliseconds.
double cpu_ms() {
  return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

void report(const char* what, std::vector<double>& ms) {
  std::sort(ms.begin(), ms.end());
  std::printf("%-28s median %7.2f ms   p99 %7.2f ms   max %7.2f ms\n", what, ms[ms.size() / 2],
              ms[ms.size() * 99 / 100], ms.back());
}

}  // namespace

int main(int argc, char** argv) {
  const int hands = argc > 1 ? std::atoi(argv[1]) : 300;
  crowns::SplitMix64 rng(argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1);
  std::vector<double> draw_ms, discard_ms, odds_ms;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < hands; ++i) {
    auto deck = crowns::full_deck(1);
    for (std::size_t j = deck.size(); j > 1; --j) std::swap(deck[j - 1], deck[rng.below(j)]);
    crowns::Situation s;
    s.round = 11;
    s.hand.assign(deck.begin(), deck.begin() + 13);
    s.top = deck[13];
    auto unseen = *crowns::check_situation(s);
    const double t0 = cpu_ms();
    const auto draw = crowns::advise_draw(s, unseen);
    const double t1 = cpu_ms();
    crowns::OddsOptions options;
    options.turns = 2;
    const auto odds = crowns::out_within(s.hand, 13, unseen, crowns::MeldRules{}, options);
    const double t2 = cpu_ms();
    s.hand.push_back(deck[14]);
    s.top.reset();
    unseen = *crowns::check_situation(s);
    const double t3 = cpu_ms();
    const auto discard = crowns::advise_discard(s, unseen);
    const double t4 = cpu_ms();
    if (draw.draw_ev < 0 && odds.empty() && discard.options.empty()) return 1;  // keep the work
    draw_ms.push_back(t1 - t0);
    odds_ms.push_back(t2 - t1);
    discard_ms.push_back(t4 - t3);
  }
  std::printf("%d random round-11 situations, one thread, CPU time\n", hands);
  report("advise (draw decision)", draw_ms);
  report("advise (discard decision)", discard_ms);
  report("odds --turns 2", odds_ms);
  std::printf("%.1f s wall in all\n",
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return 0;
}
