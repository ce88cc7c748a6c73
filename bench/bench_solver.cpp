// Solver benchmark.
//
//   bench_solver [--hands N] [--seed S] [--search SECONDS] [--jsonl N]
//
// 1. Random legal hands of rounds 3, 7 and 11, dealt and drawn: median / p99 / max time per
//    hand of min_score() and of solve() (which also builds the lay-down).
// 2. A search for the slowest hands: hill-climbing from hands with many overlapping runs
//    and 2-3 wilds, keeping a mutation when it makes the hand slower.
// 3. With --jsonl N: prints N random 14-card drawn hands as JSON Lines for
//    `crowns analyze --batch` instead (see docs/PERFORMANCE.md).
//
// Each hand is timed over several back-to-back solves (every solve starts from scratch:
// the memo is cleared per hand) so that the clock's own cost does not count.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
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

struct Stats {
  double median, p99, max, mean;
};

Stats stats(std::vector<double> ns) {
  std::sort(ns.begin(), ns.end());
  double sum = 0;
  for (double v : ns) sum += v;
  return {ns[ns.size() / 2], ns[ns.size() * 99 / 100], ns.back(), sum / static_cast<double>(ns.size())};
}

std::string text(const std::vector<Card>& hand) {
  std::string out;
  for (Card c : hand) out += (out.empty() ? "" : " ") + to_string(c);
  return out;
}

void random_hands(int hands, std::mt19937_64& rng) {
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
    }
  }
}

// A hard-looking start: two or three suits with long, overlapping, duplicated runs and
// 2-3 wilds (kings and jokers in round 11).
std::vector<Card> hard_start(std::mt19937_64& rng) {
  std::vector<Card> hand;
  std::uniform_int_distribution<int> suit(0, kSuitCount - 1), low(3, 8), wilds(2, 3), coin(0, 1);
  const int w = wilds(rng);
  for (int i = 0; i < w; ++i) hand.push_back(coin(rng) ? Card::joker() : Card::natural(13, static_cast<Suit>(suit(rng))));
  while (static_cast<int>(hand.size()) < 14) {
    const auto s = static_cast<Suit>(suit(rng) % 3);
    const int start = low(rng);
    for (int r = start; r < start + 5 && static_cast<int>(hand.size()) < 14 && r < 13; ++r) {
      const Card c = Card::natural(r, s);
      if (std::count(hand.begin(), hand.end(), c) < 2) hand.push_back(c);
    }
  }
  return hand;
}

void slowest_search(double seconds, std::mt19937_64& rng) {
  std::printf("\nSlowest 14-card drawn hands found (round 11, Ks wild) in %.0f s of search:\n", seconds);
  const auto deck = full_deck();
  struct Found {
    double ns;
    std::vector<Card> hand;
  };
  std::vector<Found> found;
  const auto end = Clock::now() + std::chrono::duration<double>(seconds);
  std::uniform_int_distribution<std::size_t> pick_deck(0, deck.size() - 1), pick_hand(0, 13);
  while (Clock::now() < end) {
    auto hand = hard_start(rng);
    double ns = hand_ns(hand, 13, HandMode::Drawn);
    for (int step = 0; step < 300; ++step) {
      auto next = hand;
      const Card c = deck[pick_deck(rng)];
      if (std::count(next.begin(), next.end(), c) >= (c.is_joker() ? 6 : 2)) continue;
      next[pick_hand(rng)] = c;
      const double t = hand_ns(next, 13, HandMode::Drawn);
      if (t > ns) {
        hand = next;
        ns = t;
      }
    }
    std::sort(hand.begin(), hand.end());
    found.push_back({ns, hand});
  }
  std::sort(found.begin(), found.end(), [](const Found& a, const Found& b) { return a.ns > b.ns; });
  for (std::size_t i = 0; i < found.size() && i < 5; ++i) {
    // Re-time the winners calmly.
    std::printf("  %7.0f ns  %s\n", hand_ns(found[i].hand, 13, HandMode::Drawn), text(found[i].hand).c_str());
  }
  std::printf("  (%zu climbs)\n", found.size());
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
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--hands")) hands = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--seed")) seed = std::strtoul(argv[i + 1], nullptr, 10);
    else if (!std::strcmp(argv[i], "--search")) search = std::atof(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--jsonl")) jsonl = std::atoi(argv[i + 1]);
  }
  std::mt19937_64 rng(seed);
  if (jsonl > 0) {
    print_jsonl(jsonl, rng);
    return 0;
  }
  random_hands(hands, rng);
  if (search > 0) slowest_search(search, rng);
  return g_sink == -1;
}
