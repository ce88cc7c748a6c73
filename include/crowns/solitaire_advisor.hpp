#pragma once
// Choosing solitaire plays: the greedy baseline, the advisor, playing whole games, and
// Monte-Carlo estimates of the chance to win. See docs/SOLITAIRE.md for how the advisor decides.

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "crowns/interval.hpp"
#include "crowns/solitaire.hpp"
#include "crowns/solitaire_plan.hpp"

namespace crowns::solitaire {

enum class Policy { Advisor, Greedy };

/// The greedy baseline: the play that closes a pile if any (the largest such pile), else the
/// play that most lowers that pile's exact score (ties: the lower pile number), discarding
/// the card that leaves the lowest score. `state` must be still playing.
Move greedy_move(const State& state, Card turned);

/// What the advisor found for a play, to explain it.
struct Advice {
  Move move;
  bool closes = false;    ///< The play closes the pile.
  int needed_before = 0;  ///< Cards the pile needed to close before the play.
  int needed_after = 0;   ///< ... and after it.
  int outs_after = 0;     ///< Unseen cards that would bring the pile one card closer.
  int needed_total = 0;   ///< Plays all open piles need after the play (at least 1 each).
  /// A pile the turned card would close that the play leaves open, because the plan needs the
  /// card in pile `kept_for` (both 0 when the play closes a pile or no play could).
  int could_close = 0;
  int kept_for = 0;
  /// No way of playing the rest of the stock closes every pile (or the plays left are fewer
  /// than the open piles): the play is the one that closes the most piles.
  bool lost = false;
};

/// The plays that close a pile with `turned`: for each open pile that all melds with it (or
/// without it), the play with the discard that keeps its wild cards (a natural card the pile
/// can spare, the highest first). Largest pile first.
std::vector<Move> closing_moves(const State& state, Card turned);

/// The advisor's search for an exact plan (find_plan() with the advisor's limits) sharing
/// `stock` (the turned card and the unseen cards) among the open piles of `state`.
Plan advisor_plan(const State& state, std::span<const Card> stock);

/// The advisor's play: a closing play that wins at once or keeps a plan to win; else the exact
/// plan's play when one is found; else, in a lost game, the play that closes the most piles; else
/// a closing play or the heuristic's. `unseen` is every card not on the table (unseen_cards()):
/// for a seeded game, the rest of the stock. `state` must have an open pile and a play left.
Advice advise(const State& state, Card turned, std::span<const Card> unseen);

Move choose_move(Policy policy, const State& state, Card turned, std::span<const Card> unseen);

/// How one game ended.
struct GameResult {
  bool won = false;
  int closed = 0;  ///< Piles closed at the end.
};

/// Plays `state` to the end with `policy`, turning `stock` (top first) one card at a time.
GameResult play_out(State state, std::span<const Card> stock, Policy policy);

/// Whether the advisor wins `state` turning `stock` (top first): play_out(...).won, but a
/// rollout for the chance to win stops as soon as the advisor's search decides the position
/// (a plan wins whatever the order of the rest of the stock; without one nothing does), and a
/// play the search gave up on is the heuristic's, without a second search.
bool advisor_wins(State state, std::span<const Card> stock);

/// The deal of game `index` of a simulation from `seed` (deal_from_seed(seed + index)).
std::uint64_t simulation_deal_seed(std::uint64_t seed, int index);

/// Told by a long run (of sampled or simulated games) each time a game finishes, with the
/// games finished so far; `false` starts no more (the games under way finish). Called from
/// the worker threads, one call at a time. The caller's clock and progress line live here:
/// the core has neither.
using KeepGoing = std::function<bool(int finished)>;

struct SimulationSummary {
  int games = 0;
  int wins = 0;
  std::array<int, kPiles + 1> closed_histogram{};  ///< Games by piles closed (0..11).
  [[nodiscard]] double win_rate() const;
  [[nodiscard]] Interval interval() const;  ///< The 95% Wilson interval of the win rate.
  [[nodiscard]] double margin95() const;    ///< Its half-width.
  [[nodiscard]] double mean_closed() const;
};

/// Plays `games` seeded deals, closing piles under `rules`, on `jobs` threads (0: one per core).
/// Each game's result depends only on its seed, policy and rules, so the summary is the same for
/// any number of jobs. `keep_going`, if
/// set, hears of the games finished (and can stop the run: the summary then counts the games
/// started, always the first ones).
SimulationSummary simulate(int games, std::uint64_t seed, Policy policy, MeldRules rules, int jobs,
                           const KeepGoing& keep_going = {});

/// How estimate_win() samples.
struct Sampling {
  int samples = 200;       ///< Shuffles of the unseen cards to play out, at most.
  std::uint64_t seed = 1;  ///< Sample i plays the shuffle seeded `seed` + i.
  int jobs = 0;            ///< Threads (0: one per core).
  /// Told of each finished sample; `false` stops the sampling (a time limit): the samples
  /// started, at least one a thread, still finish and count. They are always the first ones,
  /// so n samples give the same figure however the sampling stopped.
  KeepGoing keep_going{};
};

struct WinEstimate {
  double p_win = 0;
  double margin95 = 0;     ///< The interval's half-width (0 when exact).
  Interval interval;       ///< The 95% Wilson interval; {p_win, p_win} when exact.
  int samples = 0;         ///< Games played out (0 when exact).
  int wins = 0;            ///< ... and won.
  bool exact = false;      ///< The plan decided the position: p_win is 1 or 0 whatever the order.
  bool cut_short = false;  ///< keep_going stopped the sampling before Sampling::samples.
};

/// The chance to win from `state` (with `turned` the card to play next, if any). Exact when
/// advisor_plan() finds a plan (1) or proves there is none (0); else under the advisor's play
/// on seeded shuffles of the unseen cards as the stock (see Sampling).
WinEstimate estimate_win(const State& state, std::optional<Card> turned, const Sampling& sampling);

}  // namespace crowns::solitaire
