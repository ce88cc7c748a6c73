// The race inside a round, strategy A against B (docs/ADVICE.md, "Where the points are"): who
// goes out first and how (taking the top discard or drawing), how often a discard lets the next
// player go out at once (and how often when its rank is one that player threw this round), what
// a hand holds on its last turn, and which ranks each side throws. Deals are played with the
// seats swapped, the same deals as bench_selfplay's for the same --seed.
//   bench_race [--a advisor] [--b ev] [--players 2] [--deals 200] [--seed 1] [--jobs 2]
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "crowns/rules.hpp"
#include "crowns/selfplay.hpp"
#include "crowns/solver.hpp"
#include "match.hpp"

namespace {

using crowns::Card;
using crowns::selfplay::Strategy;

using Options = crowns::bench::Match;

[[noreturn]] void usage(const std::string& message) {
  std::fprintf(stderr, "bench_race: %s\n", message.c_str());
  std::fprintf(stderr,
               "usage: bench_race [--a STRATEGY] [--b STRATEGY] [--players N] [--deals N] "
               "[--seed N] [--jobs N]\n");
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  o.b = Strategy::ExpectedValue;
  o.deals = 200;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (i + 1 >= argc) usage("missing value after " + std::string(arg));
    const std::string value = argv[++i];
    if (!crowns::bench::parse_match_option(arg, value, o, usage))
      usage("unknown option " + std::string(arg));
  }
  if (o.players < 2 || o.players > 7) usage("--players must be 2-7 (one box)");
  if (o.deals < 1) usage("--deals must be 1 or more");
  return o;
}

// Ranks 3..13 of natural cards that are not wild.
constexpr int kRanks = crowns::kMaxRank - crowns::kMinRank + 1;

// One side's counts.
struct Tally {
  double rounds = 0;  // rounds this side's seats played (one per seat)
  double out_by_take = 0;
  double out_by_draw = 0;
  double turns = 0;  // turns before anyone went out
  double takes = 0;
  double discards = 0;  // before anyone went out
  double feeds = 0;     // ... that let the next seat go out by taking it
  double shunned = 0;   // ... of a rank the next seat threw this round
  double shunned_feeds = 0;
  double last_turns = 0;
  double last_points = 0;
  double last_zero = 0;
  std::array<double, kRanks> thrown{};  // natural, not wild: by rank

  void add(const Tally& t) {
    rounds += t.rounds;
    out_by_take += t.out_by_take;
    out_by_draw += t.out_by_draw;
    turns += t.turns;
    takes += t.takes;
    discards += t.discards;
    feeds += t.feeds;
    shunned += t.shunned;
    shunned_feeds += t.shunned_feeds;
    last_turns += t.last_turns;
    last_points += t.last_points;
    last_zero += t.last_zero;
    for (std::size_t r = 0; r < thrown.size(); ++r) thrown[r] += t.thrown[r];
  }
};

// Counts one turn into `side`; `threw` is what each seat discarded this round so far.
void count_turn(const crowns::selfplay::TurnRecord& t, int players,
                std::vector<std::vector<Card>>& threw, Tally& side) {
  const int wild_rank = crowns::wild_rank_of_round(t.round);
  const auto next = static_cast<std::size_t>((t.seat + 1) % players);
  if (t.last) {
    side.last_turns += 1;
    side.last_points += t.score;
    side.last_zero += t.score == 0 ? 1 : 0;
  } else {
    side.turns += 1;
    side.takes += t.took ? 1 : 0;
    if (t.went_out) {
      (t.took ? side.out_by_take : side.out_by_draw) += 1;
    } else {
      std::vector<Card> taken = *t.next_hand;
      taken.push_back(t.discard);
      const bool feeds = crowns::min_score(taken, wild_rank, crowns::HandMode::Drawn) == 0;
      const bool shunned = !crowns::is_wild(t.discard, wild_rank) &&
                           std::any_of(threw[next].begin(), threw[next].end(), [&](Card c) {
                             return !crowns::is_wild(c, wild_rank) && c.rank == t.discard.rank;
                           });
      side.discards += 1;
      side.feeds += feeds ? 1 : 0;
      side.shunned += shunned ? 1 : 0;
      side.shunned_feeds += shunned && feeds ? 1 : 0;
    }
    if (!crowns::is_wild(t.discard, wild_rank)) {
      side.thrown[static_cast<std::size_t>(t.discard.rank - crowns::kMinRank)] += 1;
    }
  }
  threw[static_cast<std::size_t>(t.seat)].push_back(t.discard);
}

double share(double part, double whole) {
  return whole > 0 ? part / whole : 0.0;
}

void print_side(const char* name, Strategy strategy, const Tally& t) {
  std::printf("%s (%s), %.0f rounds\n", name,
              std::string(crowns::selfplay::strategy_name(strategy)).c_str(), t.rounds);
  std::printf(
      "  goes out first      %5.1f%% of its rounds (taking the top discard %.1f%%, "
      "drawing %.1f%%)\n",
      100 * share(t.out_by_take + t.out_by_draw, t.rounds), 100 * share(t.out_by_take, t.rounds),
      100 * share(t.out_by_draw, t.rounds));
  std::printf(
      "  turns a round       %5.2f before anyone is out; takes the top discard on "
      "%.1f%% of them\n",
      share(t.turns, t.rounds), 100 * share(t.takes, t.turns));
  std::printf(
      "  feeds out           %5.1f%% of its discards let the next player go out at "
      "once\n",
      100 * share(t.feeds, t.discards));
  std::printf(
      "                      %5.1f%% of those of a rank that player threw this round "
      "(%.1f%% of its discards), %.1f%% of the others\n",
      100 * share(t.shunned_feeds, t.shunned), 100 * share(t.shunned, t.discards),
      100 * share(t.feeds - t.shunned_feeds, t.discards - t.shunned));
  std::printf(
      "  last turn           %5.2f points on average, %.1f%% of them 0 (%.0f last "
      "turns)\n",
      share(t.last_points, t.last_turns), 100 * share(t.last_zero, t.last_turns), t.last_turns);
  double thrown = 0;
  for (double n : t.thrown) thrown += n;
  std::printf("  throws, by rank     ");
  for (std::size_t r = 0; r < t.thrown.size(); ++r) {
    std::printf(" %zu:%.1f%%", r + crowns::kMinRank, 100 * share(t.thrown[r], thrown));
  }
  std::printf("  (natural cards that are not wild; each rank is about %.1f%% of them)\n",
              100.0 / kRanks);
}

}  // namespace

int main(int argc, char** argv) try {
  const Options o = parse(argc, argv);
  Tally a_total;
  Tally b_total;
  std::mutex mutex;
  std::atomic<int> next{0};
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(o.jobs));
  for (int j = 0; j < o.jobs; ++j) {
    threads.emplace_back([&] {
      Tally a_side;
      Tally b_side;
      for (int d = next++; d < o.deals; d = next++) {
        for (int a_seat = 0; a_seat < o.players; ++a_seat) {
          crowns::selfplay::GameSetup setup;
          setup.seed = crowns::bench::deal_seed(o.seed, d);
          setup.seats.assign(static_cast<std::size_t>(o.players), o.b);
          setup.seats[static_cast<std::size_t>(a_seat)] = o.a;
          std::vector<std::vector<Card>> threw(static_cast<std::size_t>(o.players));
          int round = 0;
          setup.observer = [&](const crowns::selfplay::TurnRecord& t) {
            if (t.round != round) {
              round = t.round;
              for (auto& cards : threw) cards.clear();
              a_side.rounds += 1;
              b_side.rounds += o.players - 1;
            }
            count_turn(t, o.players, threw, t.seat == a_seat ? a_side : b_side);
          };
          crowns::selfplay::play_game(setup);
        }
      }
      const std::lock_guard lock(mutex);
      a_total.add(a_side);
      b_total.add(b_side);
    });
  }
  for (auto& t : threads) t.join();
  std::printf("%d deals of seed %llu, %d players, seats swapped\n", o.deals,
              static_cast<unsigned long long>(o.seed), o.players);
  print_side("A", o.a, a_total);
  print_side("B", o.b, b_total);
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "bench_race: %s\n", e.what());
  return 1;
}
