// Solver benchmark.
//
//   bench_solver [--hands N] [--seed S] [--search SECONDS] [--jsonl N] [--rules R]
//
// 1. Random legal hands of rounds 3, 7 and 11, dealt and drawn: median / p99 / max time per
//    hand of min_score() and of solve() (which also builds the lay-down).
// 2. The slowest hands known (found by earlier searches), re-timed.
// 3. A search for the slowest hands: iterated hill-climbing from hands with many
//    overlapping runs and 2-3 wilds, keeping a change when it makes the hand slower
//    (--search 0 skips it).
// 4. With --jsonl N: prints N random 14-card drawn hands as JSON Lines for
//    `crowns analyze --batch` instead (see docs/PERFORMANCE.md).
// 5. With --rules R: instead of 1-3, the house rules' cost: the same hands (--hands of 13
//    cards dealt and 14 drawn, round 11, and the slowest known hands) solved under each
//    combination of the meld switches, R rounds of each, interleaved, in thread CPU time;
//    each combination's time and its ratio to the standard rules with 95% intervals.
//
// Each hand is timed over several back-to-back solves (every solve starts from scratch:
// the memo is cleared per hand) so that the clock's own cost does not count.

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/deck.hpp"
#include "crowns/solver.hpp"

using namespace crowns;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kRepeats = 8;
volatile int g_sink = 0;

template <class F>
double time_ns(F&& f) {
  const auto t0 = Clock::now();
  for (int i = 0; i < kRepeats; ++i) f();
  const auto t1 = Clock::now();
  return std::chrono::duration<double, std::nano>(t1 - t0).count() / kRepeats;
}

double hand_ns(const std::vector<Card>& hand, int wild, HandMode mode) {
  // The fastest of three timings: the least disturbed by the rest of the machine.
  double best = 1e18;
  for (int i = 0; i < 3; ++i) {
    best = std::min(best, time_ns([&] { g_sink = g_sink + min_score(hand, wild, mode); }));
  }
  return best;
}

// The same for solve(), which also rebuilds the lay-down.
double solve_ns(const std::vector<Card>& hand, int wild, HandMode mode, int tries = 3) {
  double best = 1e18;
  for (int i = 0; i < tries; ++i) {
    best = std::min(best, time_ns([&] { g_sink = g_sink + solve(hand, wild, mode).score; }));
  }
  return best;
}

struct Stats {
  double median, p99, max, mean;
};

Stats stats(std::vector<double> ns) {
  std::sort(ns.begin(), ns.end());
  double sum = 0;
  for (double v : ns) sum += v;
  return {ns[ns.size() / 2], ns[ns.size() * 99 / 100], ns.back(),
          sum / static_cast<double>(ns.size())};
}

std::string text(const std::vector<Card>& hand) {
  std::string out;
  for (Card c : hand) out += (out.empty() ? "" : " ") + to_string(c);
  return out;
}

// Returns the median time of min_score() on 14-card drawn hands of round 11.
double random_hands(int hands, std::mt19937_64& rng) {
  double round11_drawn = 0;
  std::printf("Random legal hands, one box (%d per case), ns per hand:\n", hands);
  std::printf("%-26s %9s %9s %9s %9s   %s\n", "case", "median", "p99", "max", "mean",
              "solve() median");
  for (int round : {3, 7, 11}) {
    for (HandMode mode : {HandMode::Dealt, HandMode::Drawn}) {
      const int n = round + 2 + (mode == HandMode::Drawn ? 1 : 0);
      const int wild = round + 2;
      std::vector<double> score_ns, solve_ns;
      for (int i = 0; i < hands; ++i) {
        const auto hand = deal(n, rng);
        score_ns.push_back(time_ns([&] { g_sink = g_sink + min_score(hand, wild, mode); }));
        solve_ns.push_back(time_ns([&] { g_sink = g_sink + solve(hand, wild, mode).score; }));
      }
      const Stats s = stats(score_ns);
      char label[64];
      std::snprintf(label, sizeof label, "round %d %s (%d cards)", round,
                    mode == HandMode::Drawn ? "drawn" : "dealt", n);
      std::printf("%-26s %9.0f %9.0f %9.0f %9.0f   %9.0f\n", label, s.median, s.p99, s.max, s.mean,
                  stats(solve_ns).median);
      if (round == 11 && mode == HandMode::Drawn) round11_drawn = s.median;
    }
  }
  return round11_drawn;
}

bool legal_with(const std::vector<Card>& hand, Card c, std::size_t replacing) {
  int copies = 0;
  for (std::size_t i = 0; i < hand.size(); ++i) copies += (i != replacing && hand[i] == c) ? 1 : 0;
  return copies < (c.is_joker() ? 6 : 2);
}

// A hard-looking start: two or three suits with long, overlapping, duplicated runs and
// 2-3 wilds (kings and jokers in round 11).
std::vector<Card> hard_start(std::mt19937_64& rng) {
  std::vector<Card> hand;
  std::uniform_int_distribution<int> suit(0, kSuitCount - 1), low(3, 8), wilds(2, 3), coin(0, 1);
  const int w = wilds(rng);
  while (static_cast<int>(hand.size()) < w) {
    const Card c = coin(rng) ? Card::joker() : Card::natural(13, static_cast<Suit>(suit(rng)));
    if (legal_with(hand, c, hand.size())) hand.push_back(c);
  }
  while (static_cast<int>(hand.size()) < 14) {
    const auto s = static_cast<Suit>(suit(rng) % 3);
    const int start = low(rng);
    for (int r = start; r < start + 5 && static_cast<int>(hand.size()) < 14 && r < 13; ++r) {
      const Card c = Card::natural(r, s);
      if (legal_with(hand, c, hand.size())) hand.push_back(c);
    }
  }
  return hand;
}

// One legal change: a card replaced by a random card, or by a neighbour of it (one rank
// up or down in its suit, or the same rank in another suit).
std::vector<Card> mutate(const std::vector<Card>& hand, const std::vector<Card>& deck,
                         std::mt19937_64& rng) {
  std::uniform_int_distribution<std::size_t> pick_deck(0, deck.size() - 1),
      pick_hand(0, hand.size() - 1);
  std::uniform_int_distribution<int> kind(0, 2), suit(0, kSuitCount - 1), step(0, 1);
  for (;;) {
    auto next = hand;
    const std::size_t i = pick_hand(rng);
    Card c = deck[pick_deck(rng)];
    const Card old = hand[i];
    const int k = kind(rng);
    if (k == 1 && !old.is_joker()) {
      const int r = old.rank + (step(rng) ? 1 : -1);
      if (r < kMinRank || r > kMaxRank) continue;
      c = Card::natural(r, old.suit);
    } else if (k == 2 && !old.is_joker()) {
      c = Card::natural(old.rank, static_cast<Suit>(suit(rng)));
    }
    if (c == old || !legal_with(hand, c, i)) continue;
    next[i] = c;
    return next;
  }
}

struct Found {
  double ns;
  std::vector<Card> hand;
};

// Iterated hill-climbing on the time of solve() (what `crowns analyze` calls): each climb
// starts from a fresh hard-looking hand or from a mutated copy of one of the slowest known
// or found so far, and keeps a change when it makes the hand slower. Returns the slowest distinct
// hands, slowest first.
std::vector<Found> slowest_search(double seconds, std::vector<Found> elite, std::mt19937_64& rng) {
  const auto deck = full_deck();
  // `elite`: the slowest distinct hands, slowest first (seeded with the known ones)
  for (auto& f : elite) f.ns = solve_ns(f.hand, 13, HandMode::Drawn);
  std::sort(elite.begin(), elite.end(), [](const Found& a, const Found& b) { return a.ns > b.ns; });
  constexpr std::size_t kElite = 12;
  const auto end = Clock::now() + std::chrono::duration<double>(seconds);
  std::uniform_int_distribution<int> coin(0, 1);
  long climbs = 0, evaluations = 0;
  while (Clock::now() < end) {
    ++climbs;
    std::vector<Card> hand;
    if (elite.size() >= 4 && coin(rng)) {
      hand = elite[std::uniform_int_distribution<std::size_t>(0, elite.size() - 1)(rng)].hand;
      for (int i = 0; i < 3; ++i) hand = mutate(hand, deck, rng);
    } else {
      hand = hard_start(rng);
    }
    double ns = solve_ns(hand, 13, HandMode::Drawn);
    for (int failed = 0; failed < 150;) {
      auto next = mutate(hand, deck, rng);
      const double t = solve_ns(next, 13, HandMode::Drawn);
      ++evaluations;
      if (t > ns) {
        hand = std::move(next);
        ns = t;
        failed = 0;
      } else {
        ++failed;
      }
    }
    std::sort(hand.begin(), hand.end());
    if (std::none_of(elite.begin(), elite.end(), [&](const Found& f) { return f.hand == hand; })) {
      elite.push_back({ns, hand});
      std::sort(elite.begin(), elite.end(),
                [](const Found& a, const Found& b) { return a.ns > b.ns; });
      if (elite.size() > kElite) elite.pop_back();
    }
  }
  std::printf("  (%ld climbs, %ld hands timed)\n", climbs, evaluations);
  return elite;
}

// The slowest hands found by earlier searches (bench_solver --search 600 and longer, on
// several seeds), kept so that every run re-times them. Round 11, Ks wild, drawn.
constexpr const char* kSlowestKnown[] = {
    "4c 5* 6* 6s 7* 7* 7h 8* 9* 9* 10* Kh Kh jk",   "4* 5* 5s 6* 6d 7* 7h 8* 8* 9* 10* Ks Ks jk",
    "3* 4* 4s 5* 5h 5d 6* 6h 7* 7* 7h 8* K* K*",    "6* 6c 7* 7c 7s 8* 8h 8c 9* 9c 9c 10* Kh Ks",
    "8h 8c 9* 9h 9c 10h 10c 10s Jh Jc Jc Qh Kc Kd", "3* 5* 5s 6* 6c 7* 7* 8* 9* 9* 9s Kh Kd jk",
    "7c 8* 8* 9* 9c 10* 10c 10d Jc Jc Q* K* Kc jk", "3c 3d 4h 4c 4d 5* 5c 5d 6c 6c 6d 7c Kc Ks",
    "6c 6c 7* 7c 8c 9* 9c 9d 10* 10c 10c J* jk jk",
};

// Times each hand calmly (the fastest of several timings) and prints them, slowest first.
// Returns the slowest time (of min_score() or solve()).
double report_slow(std::vector<Found> hands) {
  double slowest = 0;
  for (auto& f : hands) f.ns = solve_ns(f.hand, 13, HandMode::Drawn, 15);
  std::sort(hands.begin(), hands.end(), [](const Found& a, const Found& b) { return a.ns > b.ns; });
  std::printf("  %9s %9s  %5s  %s\n", "solve()", "min_score", "score", "hand");
  for (const auto& f : hands) {
    double score_only = hand_ns(f.hand, 13, HandMode::Drawn);
    for (int i = 0; i < 4; ++i)
      score_only = std::min(score_only, hand_ns(f.hand, 13, HandMode::Drawn));
    slowest = std::max({slowest, f.ns, score_only});
    std::printf("  %9.0f %9.0f  %5d  %s\n", f.ns, score_only,
                min_score(f.hand, 13, HandMode::Drawn), text(f.hand).c_str());
  }
  return slowest;
}

// CPU time of this thread in ns: steadier than the wall clock on a shared machine, where
// other processes take turns on the cores.
double thread_cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
}

// Student's t for a two-sided 95% interval with `df` degrees of freedom (1.96 past 30).
double t95(int df) {
  static constexpr std::array<double, 30> kT = {
      12.71, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
      2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
      2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  return df >= 1 && df <= 30 ? kT[static_cast<std::size_t>(df - 1)] : 1.96;
}

// Mean and the half-width of its 95% interval.
std::pair<double, double> mean_ci(const std::vector<double>& xs) {
  double sum = 0;
  for (double x : xs) sum += x;
  const double mean = sum / static_cast<double>(xs.size());
  double var = 0;
  for (double x : xs) var += (x - mean) * (x - mean);
  const auto n = static_cast<double>(xs.size());
  const double sd = xs.size() > 1 ? std::sqrt(var / (n - 1)) : 0;
  return {mean, t95(static_cast<int>(xs.size()) - 1) * sd / std::sqrt(n)};
}

void rules_comparison(int hands, int rounds, std::mt19937_64& rng) {
  struct Case {
    const char* name;
    HandMode mode;
    std::vector<std::vector<Card>> hands;
  };
  std::vector<Case> cases = {{"13 cards dealt", HandMode::Dealt, {}},
                             {"14 cards drawn", HandMode::Drawn, {}},
                             {"slowest known (14 drawn)", HandMode::Drawn, {}}};
  for (int i = 0; i < hands; ++i) {
    cases[0].hands.push_back(deal(13, rng));
    cases[1].hands.push_back(deal(14, rng));
  }
  for (const char* text : kSlowestKnown)
    cases[2].hands.push_back(parse_cards(std::string_view(text)).value());
  const std::array<MeldRules, 4> combos = {
      MeldRules{}, MeldRules{.wild_melds = WildMelds::DoNotCount},
      MeldRules{.book_suits = BookSuits::Distinct},
      MeldRules{.wild_melds = WildMelds::DoNotCount, .book_suits = BookSuits::Distinct}};
  const auto name = [](MeldRules r) {
    return std::string(r.wild_melds == WildMelds::Count ? "wild melds yes" : "wild melds no ") +
           (r.book_suits == BookSuits::Any ? ", book suits any     " : ", book suits distinct");
  };
  std::printf(
      "House rules: the same hands under each combination of the meld switches,\n"
      "%d rounds of each, interleaved; thread CPU time, ns per hand, mean +- 95%% CI\n",
      rounds);
  for (const Case& c : cases) {
    for (const bool full : {false, true}) {
      // ns[combo][round]: ns per hand of one pass over the case's hands.
      std::array<std::vector<double>, 4> ns;
      const int passes = c.hands.size() < 100 ? 200 : 1;  // a few hands: many passes
      for (int r = 0; r < rounds; ++r) {
        for (std::size_t k = 0; k < combos.size(); ++k) {
          const std::size_t which = (k + static_cast<std::size_t>(r)) % combos.size();
          const MeldRules rules = combos[which];
          const double t0 = thread_cpu_ns();
          for (int p = 0; p < passes; ++p) {
            for (const auto& hand : c.hands) {
              g_sink = g_sink + (full ? solve(hand, 13, c.mode, rules).score
                                      : min_score(hand, 13, c.mode, rules));
            }
          }
          ns[which].push_back(
              (thread_cpu_ns() - t0) /
              static_cast<double>(c.hands.size() * static_cast<std::size_t>(passes)));
        }
      }
      std::printf("\n%s, %s (%zu hands):\n", c.name, full ? "solve()" : "min_score()",
                  c.hands.size());
      for (std::size_t k = 0; k < combos.size(); ++k) {
        std::vector<double> ratios;
        ratios.reserve(static_cast<std::size_t>(rounds));
        for (int r = 0; r < rounds; ++r)
          ratios.push_back(ns[k][static_cast<std::size_t>(r)] / ns[0][static_cast<std::size_t>(r)]);
        const auto [mean, ci] = mean_ci(ns[k]);
        const auto [ratio, ratio_ci] = mean_ci(ratios);
        std::printf("  %s  %8.0f +- %5.0f ns   x %.3f +- %.3f\n", name(combos[k]).c_str(), mean, ci,
                    ratio, ratio_ci);
      }
    }
  }
}

void print_jsonl(int n, std::mt19937_64& rng) {
  for (int i = 0; i < n; ++i) {
    const auto hand = deal(14, rng);
    std::printf("{\"id\":%d,\"cards\":\"%s\",\"drawn\":true}\n", i, text(hand).c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  int hands = 20000;
  unsigned long seed = 42;
  double search = 20;
  int jsonl = 0;
  int rules = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--hands"))
      hands = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--seed"))
      seed = std::strtoul(argv[i + 1], nullptr, 10);
    else if (!std::strcmp(argv[i], "--search"))
      search = std::atof(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--jsonl"))
      jsonl = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--rules"))
      rules = std::atoi(argv[i + 1]);
  }
  std::mt19937_64 rng(seed);
  if (jsonl > 0) {
    print_jsonl(jsonl, rng);
    return 0;
  }
  if (rules > 0) {
    rules_comparison(hands, rules, rng);
    return g_sink == -1;
  }
  const double median = random_hands(hands, rng);

  std::vector<Found> slow;
  for (const char* text : kSlowestKnown) {
    auto hand = parse_cards(std::string_view(text)).value();
    std::sort(hand.begin(), hand.end());
    slow.push_back({0, hand});
  }
  std::printf("\nSlowest known 14-card drawn hands (round 11, Ks wild), ns per hand:\n");
  const double known_max = report_slow(slow);
  double found_max = 0;
  if (search > 0) {
    std::printf("\nSlowest 14-card drawn hands found in %.0f s of search, ns per hand:\n", search);
    auto found = slowest_search(search, slow, rng);
    // Only the new ones: the known ones were reported above.
    std::erase_if(found, [&](const Found& f) {
      return std::any_of(slow.begin(), slow.end(),
                         [&](const Found& k) { return k.hand == f.hand; });
    });
    if (found.size() > 5) found.resize(5);
    found_max = report_slow(found);
  }
  std::printf("\nround 11 drawn, random hands: median %.2f us (target <= 2)\n", median / 1000);
  std::printf("slowest hand: %.2f us (target <= 20)\n", std::max(known_max, found_max) / 1000);
  return g_sink == -1;
}
