// Decision speed of the advisor and of odds K=2: random round-11 situations (13 cards and a top
// discard, 14 cards after drawing), single thread, under the house rules' meld switches.
// Usage: bench_advice [hands=300] [seed=1] [rules=standard|no-wild|distinct|both|all]
// With "all" the same situations are timed under each rule set in turn, and each set's time is
// also given as the geometric mean of its per-situation ratio to the standard rules' time, with
// a 95% interval (paired: the same hands under both).
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "crowns/advice.hpp"
#include "crowns/deck.hpp"
#include "crowns/house_rules.hpp"
#include "crowns/odds.hpp"
#include "crowns/random.hpp"

namespace {

// CPU time of the process in milliseconds.
double cpu_ms() {
  return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

struct NamedRules {
  const char* name;
  crowns::MeldRules rules;
};
constexpr std::array<NamedRules, 4> kRuleSets = {{
    {"standard", {crowns::WildMelds::Count, crowns::BookSuits::Any}},
    {"no-wild", {crowns::WildMelds::DoNotCount, crowns::BookSuits::Any}},
    {"distinct", {crowns::WildMelds::Count, crowns::BookSuits::Distinct}},
    {"both", {crowns::WildMelds::DoNotCount, crowns::BookSuits::Distinct}},
}};

struct Times {
  std::vector<double> draw, discard, odds;
};

// The median with its 95% interval from order statistics (ranks n/2 -+ 0.98 sqrt(n)).
void report(const char* what, std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  const auto n = static_cast<double>(ms.size());
  const double half = 0.98 * std::sqrt(n);
  const auto low = static_cast<std::size_t>(std::max(0.0, std::floor(n / 2 - half)));
  const auto high = std::min(ms.size() - 1, static_cast<std::size_t>(std::ceil(n / 2 + half)));
  std::printf("  %-26s median %7.2f ms [%.2f, %.2f]   p99 %7.2f ms   max %7.2f ms\n", what,
              ms[ms.size() / 2], ms[low], ms[high], ms[ms.size() * 99 / 100], ms.back());
}

// The geometric mean of the per-situation ratios to the base, with its 95% interval.
void ratio(const char* what, const std::vector<double>& ms, const std::vector<double>& base) {
  std::vector<double> logs;
  for (std::size_t i = 0; i < ms.size(); ++i) {
    if (ms[i] > 0 && base[i] > 0) logs.push_back(std::log(ms[i] / base[i]));
  }
  if (logs.size() < 2) return;
  double mean = 0;
  for (double l : logs) mean += l;
  mean /= static_cast<double>(logs.size());
  double var = 0;
  for (double l : logs) var += (l - mean) * (l - mean);
  var /= static_cast<double>(logs.size() - 1);
  const double half = 1.96 * std::sqrt(var / static_cast<double>(logs.size()));
  std::printf("  %-26s x%.3f of the standard rules' time [%.3f, %.3f]\n", what, std::exp(mean),
              std::exp(mean - half), std::exp(mean + half));
}

Times run(int hands, std::uint64_t seed, crowns::MeldRules rules) {
  crowns::SplitMix64 rng(seed);
  Times t;
  for (int i = 0; i < hands; ++i) {
    auto deck = crowns::full_deck(1);
    for (std::size_t j = deck.size(); j > 1; --j) std::swap(deck[j - 1], deck[rng.below(j)]);
    crowns::Situation s;
    s.round = 11;
    s.rules = rules;
    s.hand.assign(deck.begin(), deck.begin() + 13);
    s.top = deck[13];
    auto unseen = *crowns::check_situation(s);
    const double t0 = cpu_ms();
    const auto draw = crowns::advise_draw(s, unseen);
    const double t1 = cpu_ms();
    crowns::OddsOptions options;
    options.turns = 2;
    const auto odds = crowns::out_within(s.hand, 13, unseen, rules, options);
    const double t2 = cpu_ms();
    s.hand.push_back(deck[14]);
    s.top.reset();
    unseen = *crowns::check_situation(s);
    const double t3 = cpu_ms();
    const auto discard = crowns::advise_discard(s, unseen);
    const double t4 = cpu_ms();
    if (draw.draw_ev < 0 && odds.empty() && discard.options.empty()) std::exit(1);  // keep it
    t.draw.push_back(t1 - t0);
    t.odds.push_back(t2 - t1);
    t.discard.push_back(t4 - t3);
  }
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  const int hands = argc > 1 ? std::atoi(argv[1]) : 300;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  const std::string which = argc > 3 ? argv[3] : "standard";
  const auto start = std::chrono::steady_clock::now();
  std::printf("%d random round-11 situations, one thread, CPU time\n", hands);
  std::vector<Times> all;
  for (const auto& set : kRuleSets) {
    if (which != "all" && which != set.name) continue;
    std::printf("%s\n", set.name);
    all.push_back(run(hands, seed, set.rules));
    const Times& t = all.back();
    report("advise (draw decision)", t.draw);
    report("advise (discard decision)", t.discard);
    report("odds --turns 2", t.odds);
    if (which == "all" && all.size() > 1) {
      ratio("advise (draw decision)", t.draw, all.front().draw);
      ratio("advise (discard decision)", t.discard, all.front().discard);
      ratio("odds --turns 2", t.odds, all.front().odds);
    }
  }
  if (all.empty()) {
    std::fprintf(stderr, "bench_advice: rules must be standard, no-wild, distinct, both or all\n");
    return 2;
  }
  std::printf("%.1f s wall in all\n",
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return 0;
}
