// Whole solitaire games in bulk: seeded simulations and Monte-Carlo chances to win.

#include <algorithm>
#include <mutex>
#include <thread>

#include "crowns/solitaire_advisor.hpp"

namespace crowns::solitaire {
namespace {

// Runs task(i) for i = 0, 1, ... on `jobs` threads (0: one per core), each index once, in order
// of start, until `count` have started or `keep_going` (if set, told of each finished task)
// says no. Returns how many started; all of them have finished.
template <class Task>
int run_parallel(int count, int jobs, Task task, const KeepGoing& keep_going) {
  if (jobs <= 0) jobs = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  jobs = std::clamp(jobs, 1, std::max(count, 1));
  std::mutex mutex;  // a game takes 0.3 ms (greedy) to seconds: a lock per game costs nothing
  int next = 0;
  int finished = 0;
  bool stopped = false;
  auto worker = [&] {
    for (;;) {
      int i = 0;
      {
        const std::lock_guard lock(mutex);
        if (stopped || next >= count) return;
        i = next++;
      }
      task(i);
      const std::lock_guard lock(mutex);
      ++finished;
      if (keep_going && !keep_going(finished)) stopped = true;
    }
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  return next;
}

}  // namespace

std::uint64_t simulation_deal_seed(std::uint64_t seed, int index) {
  return seed + static_cast<std::uint64_t>(index);
}

double SimulationSummary::win_rate() const {
  return games == 0 ? 0 : static_cast<double>(wins) / games;
}

Interval SimulationSummary::interval() const {
  return wilson_interval(wins, games);
}

double SimulationSummary::margin95() const {
  return games == 0 ? 0 : interval().half_width();
}

double SimulationSummary::mean_closed() const {
  if (games == 0) return 0;
  double total = 0;
  for (int k = 0; k <= kPiles; ++k) total += static_cast<double>(k) * closed_histogram[k];
  return total / games;
}

SimulationSummary simulate(int games, std::uint64_t seed, Policy policy, MeldRules rules, int jobs,
                           const KeepGoing& keep_going) {
  std::vector<GameResult> results(static_cast<std::size_t>(std::max(games, 0)));
  const int played = run_parallel(
      games, jobs,
      [&](int i) {
        const Deal deal = deal_from_seed(simulation_deal_seed(seed, i));
        results[static_cast<std::size_t>(i)] =
            play_out(State(deal.piles, rules), deal.stock, policy);
      },
      keep_going);
  results.resize(static_cast<std::size_t>(played));
  SimulationSummary summary;
  summary.games = played;
  for (const auto& r : results) {
    summary.wins += r.won ? 1 : 0;
    ++summary.closed_histogram[r.closed];
  }
  return summary;
}

WinEstimate estimate_win(const State& state, std::optional<Card> turned, const Sampling& sampling) {
  WinEstimate estimate;
  const auto decided = [&estimate](bool won) {
    estimate.p_win = won ? 1 : 0;
    estimate.interval = {estimate.p_win, estimate.p_win};
    estimate.exact = true;
    return estimate;
  };
  if (state.outcome() != Outcome::Playing) return decided(state.outcome() == Outcome::Won);
  const std::vector<Card> unseen = unseen_cards(state, turned);
  // A plan wins whatever the order of the stock and without one nothing does, so a position
  // the search decides needs no samples (seed 42's 30 samples took 18 s of CPU before).
  std::vector<Card> stock = unseen;
  if (turned) stock.push_back(*turned);
  if (const PlanStatus status = advisor_plan(state, stock).status; status != PlanStatus::GaveUp)
    return decided(status == PlanStatus::Found);
  const int samples = std::max(sampling.samples, 0);
  std::vector<char> won(static_cast<std::size_t>(samples));
  const auto sample = [&](int i) {
    std::vector<Card> shuffled = unseen;
    shuffle_cards(shuffled, sampling.seed + static_cast<std::uint64_t>(i));
    std::vector<Card> drawn;
    if (turned) drawn.push_back(*turned);
    drawn.insert(drawn.end(), shuffled.begin(), shuffled.end());
    const std::size_t plays = static_cast<std::size_t>(state.plays_left());
    if (drawn.size() > plays) drawn.resize(plays);
    won[static_cast<std::size_t>(i)] = advisor_wins(state, drawn) ? 1 : 0;
  };
  estimate.samples = run_parallel(samples, sampling.jobs, sample, sampling.keep_going);
  estimate.cut_short = estimate.samples < samples;
  estimate.wins = static_cast<int>(std::count(won.begin(), won.end(), 1));
  estimate.p_win =
      estimate.samples == 0 ? 0 : static_cast<double>(estimate.wins) / estimate.samples;
  estimate.interval = wilson_interval(estimate.wins, estimate.samples);
  estimate.margin95 = estimate.samples == 0 ? 0 : estimate.interval.half_width();
  return estimate;
}

}  // namespace crowns::solitaire
