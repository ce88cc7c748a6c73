// Solitaire benchmark: the time the advisor and the greedy baseline take per play.
//
//   bench_solitaire [--games N] [--seed S]
//
// Plays N seeded deals (single-threaded) with each policy, timing every decision, and prints
// the median, p90 and max time per play and the games won; then how many of the deals the
// advisor's exact plan decides at the first play (a deal with a plan is won, one proved
// impossible is lost, whatever is played). Win rates with 95% intervals on
// many deals come from `crowns solitaire --simulate` (see docs/SOLITAIRE.md).

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "crowns/solitaire_advisor.hpp"

using namespace crowns;
using namespace crowns::solitaire;
using Clock = std::chrono::steady_clock;

namespace {

void bench(Policy policy, const char* name, int games, std::uint64_t seed) {
  std::vector<double> times;
  int wins = 0;
  for (int g = 0; g < games; ++g) {
    const Deal deal = deal_from_seed(simulation_deal_seed(seed, g));
    State state(deal.piles, MeldRules{});
    for (std::size_t i = 0; i < deal.stock.size() && state.outcome() == Outcome::Playing; ++i) {
      const std::vector<Card> unseen(deal.stock.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                                     deal.stock.end());
      const auto t0 = Clock::now();
      const Move move = choose_move(policy, state, deal.stock[i], unseen);
      times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
      apply_move(state, deal.stock[i], move);
    }
    wins += state.outcome() == Outcome::Won ? 1 : 0;
  }
  std::sort(times.begin(), times.end());
  const auto at = [&](double q) { return times[static_cast<std::size_t>(q * (times.size() - 1))]; };
  std::printf(
      "%-8s games %d  won %d (%.1f%%)  plays %zu  ms/play median %.3f  p90 %.3f  max %.3f\n", name,
      games, wins, 100.0 * wins / games, times.size(), at(0.5), at(0.9), times.back());
}

void count_plans(int games, std::uint64_t seed) {
  std::array<int, 3> counts{};
  for (int g = 0; g < games; ++g) {
    const Deal deal = deal_from_seed(simulation_deal_seed(seed, g));
    ++counts[static_cast<std::size_t>(
        advisor_plan(State(deal.piles, MeldRules{}), deal.stock).status)];
  }
  std::printf("plan at the first play: found %d  impossible %d  gave up %d\n",
              counts[static_cast<std::size_t>(PlanStatus::Found)],
              counts[static_cast<std::size_t>(PlanStatus::Impossible)],
              counts[static_cast<std::size_t>(PlanStatus::GaveUp)]);
}

}  // namespace

int main(int argc, char** argv) {
  int games = 200;
  std::uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view flag = argv[i];
    if (flag == "--games")
      games = std::atoi(argv[i + 1]);
    else if (flag == "--seed")
      seed = std::strtoull(argv[i + 1], nullptr, 10);
  }
  bench(Policy::Greedy, "greedy", games, seed);
  bench(Policy::Advisor, "advisor", games, seed);
  count_plans(games, seed);
  return 0;
}
