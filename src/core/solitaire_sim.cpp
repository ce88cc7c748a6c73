// Whole solitaire games in bulk: seeded simulations and Monte-Carlo chances to win.

#include <algorithm>
#include <atomic>
#include <cmath>
#include <thread>

#include "crowns/solitaire_advisor.hpp"

namespace crowns::solitaire {
namespace {

// Runs task(i) for i in [0, count) on `jobs` threads (0: one per core); each index runs
// exactly once.
template <class Task>
void run_parallel(int count, int jobs, Task task) {
  if (jobs <= 0) jobs = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  jobs = std::clamp(jobs, 1, std::max(count, 1));
  std::atomic<int> next{0};
  auto worker = [&] {
    for (int i = next++; i < count; i = next++) task(i);
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
}

// Half-width of the 95% Wilson score interval for `wins` out of `n`.
double wilson_margin(int wins, int n) {
  if (n == 0) return 0;
  constexpr double z = 1.959964;
  const double p = static_cast<double>(wins) / n;
  const double nn = n;
  return z / (1 + z * z / nn) * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn));
}

}  // namespace

std::uint64_t simulation_deal_seed(std::uint64_t seed, int index) {
  return seed + static_cast<std::uint64_t>(index);
}

double SimulationSummary::win_rate() const {
  return games == 0 ? 0 : static_cast<double>(wins) / games;
}

double SimulationSummary::margin95() const {
  return wilson_margin(wins, games);
}

double SimulationSummary::mean_closed() const {
  if (games == 0) return 0;
  double total = 0;
  for (int k = 0; k <= kPiles; ++k) total += static_cast<double>(k) * closed_histogram[k];
  return total / games;
}

SimulationSummary simulate(int games, std::uint64_t seed, Policy policy, int jobs) {
  std::vector<GameResult> results(static_cast<std::size_t>(std::max(games, 0)));
  run_parallel(games, jobs, [&](int i) {
    const Deal deal = deal_from_seed(simulation_deal_seed(seed, i));
    results[static_cast<std::size_t>(i)] = play_out(State(deal.piles), deal.stock, policy);
  });
  SimulationSummary summary;
  summary.games = games;
  for (const auto& r : results) {
    summary.wins += r.won ? 1 : 0;
    ++summary.closed_histogram[r.closed];
  }
  return summary;
}

WinEstimate estimate_win(const State& state, std::optional<Card> turned, int samples,
                         std::uint64_t seed, int jobs) {
  WinEstimate estimate;
  estimate.samples = samples;
  if (state.outcome() != Outcome::Playing) {
    estimate.p_win = state.outcome() == Outcome::Won ? 1 : 0;
    return estimate;
  }
  const std::vector<Card> unseen = unseen_cards(state, turned);
  // A plan wins whatever the order of the stock and without one nothing does, so a position
  // the search decides needs no samples (seed 42's 30 samples took 18 s of CPU before).
  std::vector<Card> stock = unseen;
  if (turned) stock.push_back(*turned);
  if (const PlanStatus status = advisor_plan(state, stock).status; status != PlanStatus::GaveUp) {
    estimate.p_win = status == PlanStatus::Found ? 1 : 0;
    estimate.samples = 0;
    estimate.exact = true;
    return estimate;
  }
  std::vector<char> won(static_cast<std::size_t>(std::max(samples, 0)));
  run_parallel(samples, jobs, [&](int i) {
    std::vector<Card> shuffled = unseen;
    shuffle_cards(shuffled, seed + static_cast<std::uint64_t>(i));
    std::vector<Card> drawn;
    if (turned) drawn.push_back(*turned);
    drawn.insert(drawn.end(), shuffled.begin(), shuffled.end());
    const std::size_t plays = static_cast<std::size_t>(state.plays_left());
    if (drawn.size() > plays) drawn.resize(plays);
    won[static_cast<std::size_t>(i)] = advisor_wins(state, drawn) ? 1 : 0;
  });
  const int wins = static_cast<int>(std::count(won.begin(), won.end(), 1));
  estimate.p_win = samples == 0 ? 0 : static_cast<double>(wins) / samples;
  estimate.margin95 = wilson_margin(wins, samples);
  return estimate;
}

}  // namespace crowns::solitaire
