// Does the hand reading find anything? (issue 37, docs/ADVICE.md "Reading the next hand"). Plays
// A against B with the seats swapped, and at each discard decision of side A whose next player
// has made a move this round, reads that player's hand (crowns::reading) and compares it with
// the hand they really hold (TurnRecord::next_hand): the weighted share of the cards dealt to the
// read hands (beyond their known pickups) that they really hold, against the same share for the
// same number of hands dealt from the unseen cards alike. With --fit it also fits the soft
// model's temperatures to side B's own moves (each weighed against the hand B held then).
//   bench_reading [--a static] [--b ev] [--deals 100] [--seed 1] [--jobs 1] [--rounds 11] [--hands
//   24]
//                 [--then 0|1] [--temperature T] [--threshold F] [--discard-temperature T] [--fit]
//                 [--exact 0|1] [--time REPLY_HANDS] [--first N] [--csv]
// --first N reads deals N.. of the seed and --csv prints each deal's turns and mean shares (a
// long run in pieces; the pieces' lines together are the whole run's).
// --exact 1 (with --then 1) weighs the moves by the expected-value player's own decision values
// (reading::Settings::exact_model; --temperature and --discard-temperature in points of them):
// the best reading of that player's moves, slow.
// --time N also times readreply's discard decision (the reading and the reply over N of its
// hands) at the same turns: CPU time of one thread, all rounds and round 11 alone.
#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "crowns/hand_reading.hpp"
#include "crowns/rollout.hpp"
#include "crowns/rules.hpp"
#include "crowns/selfplay.hpp"
#include "match.hpp"

namespace {

using crowns::Card;

struct Options : crowns::bench::Match {
  crowns::reading::Settings settings;
  bool fit = false;
  int reply_hands = 0;           // --time N: time readreply's decision over N of the read hands
  int rounds = crowns::kRounds;  // --rounds N: play rounds 1..N only
  int first = 0;                 // --first N: deals N.. of the seed (a long run in pieces)
  bool csv = false;              // --csv: one line per deal (its turns and mean shares)
};

[[noreturn]] void usage(const std::string& message) {
  std::fprintf(stderr, "bench_reading: %s\n", message.c_str());
  std::fprintf(stderr,
               "usage: bench_reading [--a STRATEGY] [--b STRATEGY] [--players N] [--deals N] "
               "[--seed N] [--first N] [--jobs N] [--rounds 1-11] [--csv]\n"
               "       [--hands N] [--then 0|1] [--temperature T] [--threshold F] "
               "[--discard-temperature T] [--exact 0|1] [--fit] [--time REPLY_HANDS]\n");
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  o.a = crowns::selfplay::Strategy::Static;
  o.b = crowns::selfplay::Strategy::ExpectedValue;
  o.deals = 100;
  o.jobs = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--fit" || arg == "--csv") {
      (arg == "--fit" ? o.fit : o.csv) = true;
      continue;
    }
    if (i + 1 >= argc) usage("missing value after " + std::string(arg));
    const std::string value = argv[++i];
    if (crowns::bench::parse_match_option(arg, value, o, usage)) continue;
    if (arg == "--hands") {
      o.settings.hands = std::stoi(value);
    } else if (arg == "--then") {
      o.settings.hands_then = value != "0";
    } else if (arg == "--temperature") {
      o.settings.temperature = std::stod(value);
    } else if (arg == "--threshold") {
      o.settings.take_threshold = std::stod(value);
    } else if (arg == "--time") {
      o.reply_hands = std::stoi(value);
    } else if (arg == "--first") {
      o.first = std::stoi(value);
    } else if (arg == "--rounds") {
      o.rounds = std::stoi(value);
    } else if (arg == "--exact") {
      o.settings.exact_model = value != "0";
    } else if (arg == "--discard-temperature") {
      o.settings.discard_temperature = std::stod(value);
    } else {
      usage("unknown option " + std::string(arg));
    }
  }
  if (o.players < 2 || o.players > 7) usage("--players out of range (2-7)");
  if (o.settings.hands < 1) usage("--hands must be at least 1");
  if (o.rounds < 1 || o.rounds > crowns::kRounds) usage("--rounds out of range (1-11)");
  if (o.first < 0) usage("--first must be 0 or more");
  if (o.settings.exact_model && !o.settings.hands_then) usage("--exact 1 needs --then 1");
  return o;
}

// `hand` less one copy of each card of `less`.
std::vector<Card> minus(std::vector<Card> hand, const std::vector<Card>& less) {
  for (Card c : less)
    if (auto it = std::find(hand.begin(), hand.end(), c); it != hand.end()) hand.erase(it);
  return hand;
}

// How many cards of `hand` are in `truth` (as multisets).
int overlap(const std::vector<Card>& hand, std::vector<Card> truth) {
  int n = 0;
  for (Card c : hand) {
    if (auto it = std::find(truth.begin(), truth.end(), c); it != truth.end()) {
      truth.erase(it);
      ++n;
    }
  }
  return n;
}

// The weighted share of the read hands' dealt cards that the next player really holds.
double hit_share(const crowns::reading::Reading& r, const std::vector<Card>& holds,
                 const std::vector<Card>& truth) {
  double share = 0;
  for (std::size_t p = 0; p < r.hands.size(); ++p) {
    const auto dealt = minus(r.hands[p], holds);
    if (!dealt.empty())
      share += r.weights[p] * overlap(dealt, truth) / static_cast<double>(dealt.size());
  }
  return share;
}

double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return 1000.0 * static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e6;
}

void print_times(const char* what, std::vector<double> ms) {
  if (ms.empty()) return;
  std::sort(ms.begin(), ms.end());
  std::printf("%s: %zu decisions, median %.2f ms, p90 %.2f ms, max %.2f ms\n", what, ms.size(),
              ms[ms.size() / 2], ms[ms.size() * 9 / 10], ms.back());
}

// One of side B's moves, with the hands it held then, for --fit.
struct TrueMove {
  int wild_rank = 0;
  std::vector<Card> before;  // before drawing
  Card offered;
  bool took = false;
  std::vector<Card> at_discard;  // after drawing
  Card discarded;
  std::optional<Card> must_keep;
};

struct Deal {
  double read = 0, random = 0;  // summed shares
  int turns = 0;
  std::vector<double> ms, ms_round_11;  // readreply's decision (--time)
  std::vector<double> ms_read;          // the reading alone
  std::vector<TrueMove> moves;
};

double mean(const std::vector<double>& xs) {
  double s = 0;
  for (double x : xs) s += x;
  return xs.empty() ? 0 : s / static_cast<double>(xs.size());
}
double margin(const std::vector<double>& xs) {
  const double m = mean(xs);
  double v = 0;
  for (double x : xs) v += (x - m) * (x - m);
  const auto n = static_cast<double>(xs.size());
  return n > 1 ? 1.96 * std::sqrt(v / (n - 1) / n) : 0;
}

void fit_model(const std::vector<TrueMove>& moves) {
  using crowns::reading::Settings;
  // The take rule: threshold and temperature by maximum likelihood over a grid.
  double best = -1e300, best_f = 0, best_t = 0;
  int takes = 0;
  for (const auto& m : moves) takes += m.took ? 1 : 0;
  for (double f = -2; f <= 12; f += 0.5) {
    for (double t : {0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0}) {
      Settings s;
      s.take_threshold = f;
      s.temperature = t;
      double ll = 0;
      for (const auto& m : moves)
        ll += std::log(crowns::reading::take_likelihood(m.before, m.offered, m.took, m.wild_rank,
                                                        crowns::MeldRules{}, s));
      if (ll > best) best = ll, best_f = f, best_t = t;
    }
  }
  std::printf(
      "fit on %zu moves of side B (%d takes): take threshold %.2f, temperature %.2f, "
      "log-likelihood %.3f a move (a coin: %.3f)\n",
      moves.size(), takes, best_f, best_t, best / static_cast<double>(moves.size()), std::log(0.5));
  double best_d = -1e300, best_dt = 0, uniform = 0;
  for (double t : {0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 1e9}) {
    Settings s;
    s.discard_temperature = t;
    double ll = 0;
    for (const auto& m : moves)
      ll += std::log(crowns::reading::discard_likelihood(m.at_discard, m.discarded, m.must_keep,
                                                         m.wild_rank, crowns::MeldRules{}, s));
    if (t > 1e8) uniform = ll;
    if (ll > best_d) best_d = ll, best_dt = t;
  }
  std::printf("discard temperature %.2f, log-likelihood %.3f a move (every card alike: %.3f)\n",
              best_dt, best_d / static_cast<double>(moves.size()),
              uniform / static_cast<double>(moves.size()));
}

}  // namespace

int main(int argc, char** argv) try {
  const Options o = parse(argc, argv);
  std::vector<Deal> deals(static_cast<std::size_t>(o.deals));
  std::atomic<int> next{0};
  auto worker = [&] {
    for (int i = next++; i < o.deals; i = next++) {
      Deal& d = deals[static_cast<std::size_t>(i)];
      for (int a_seat = 0; a_seat < o.players; ++a_seat) {
        crowns::selfplay::GameSetup setup;
        setup.seed = crowns::bench::deal_seed(o.seed, o.first + i);
        setup.rounds = o.rounds;
        setup.seats.assign(static_cast<std::size_t>(o.players), o.b);
        setup.seats[static_cast<std::size_t>(a_seat)] = o.a;
        setup.observer = [&](const crowns::selfplay::TurnRecord& t) {
          const crowns::Situation& s = *t.situation;
          if (t.seat != a_seat) {
            if (o.fit && t.offered && !t.last) {
              TrueMove m{crowns::wild_rank_of_round(s.round),
                         minus(s.hand, {t.drawn}),
                         *t.offered,
                         t.took,
                         s.hand,
                         t.discard,
                         s.must_keep};
              d.moves.push_back(std::move(m));
            }
            return;
          }
          bool read_any = false;
          for (const auto& m : s.actions) read_any = read_any || m.seat == 1;
          if (!read_any || t.last) return;
          const auto unseen = crowns::check_situation(s);
          const std::uint64_t seed = crowns::situation_seed(s);
          const double read_start = thread_cpu_ms();
          const auto read = crowns::reading::read_next_hand(s, *unseen, seed, o.settings);
          d.ms_read.push_back(thread_cpu_ms() - read_start);
          crowns::Situation blind = s;
          blind.actions.clear();
          const auto prior = crowns::reading::read_next_hand(blind, *unseen, seed, o.settings);
          const auto truth = minus(*t.next_hand, s.next_holds);
          if (o.reply_hands > 0) {
            crowns::selfplay::ReadReplySettings rr;
            rr.reading = o.settings;
            rr.hands = o.reply_hands;
            const double start = thread_cpu_ms();
            (void)crowns::selfplay::read_reply_discard(s, *unseen, rr);
            d.ms.push_back(thread_cpu_ms() - start);
            if (s.round == 11) d.ms_round_11.push_back(d.ms.back());
          }
          d.read += hit_share(read, s.next_holds, truth);
          d.random += hit_share(prior, s.next_holds, truth);
          ++d.turns;
        };
        crowns::selfplay::play_game(setup);
      }
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(o.jobs));
  for (int j = 0; j < o.jobs; ++j) threads.emplace_back(worker);
  for (auto& t : threads) t.join();

  // Per deal: the mean share over its turns; the interval is over deals.
  std::vector<double> read, random, gain;
  int turns = 0;
  if (o.csv) std::printf("deal,turns,read,alike\n");
  for (std::size_t i = 0; i < deals.size(); ++i) {
    const Deal& d = deals[i];
    if (o.csv && d.turns > 0)
      std::printf("%zu,%d,%.6f,%.6f\n", i + static_cast<std::size_t>(o.first), d.turns,
                  d.read / d.turns, d.random / d.turns);
    if (d.turns == 0) continue;
    turns += d.turns;
    read.push_back(d.read / d.turns);
    random.push_back(d.random / d.turns);
    gain.push_back(read.back() - random.back());
  }
  const auto a = crowns::selfplay::strategy_name(o.a);
  const auto b = crowns::selfplay::strategy_name(o.b);
  std::printf(
      "%d deals of seed %llu (rounds 1-%d), %d players, %.*s reads %.*s; %d turns read; %d hands, "
      "%s%s, take threshold %g, temperature %g, discard temperature %g\n",
      o.deals, static_cast<unsigned long long>(o.seed), o.rounds, o.players,
      static_cast<int>(a.size()), a.data(), static_cast<int>(b.size()), b.data(), turns,
      o.settings.hands, o.settings.hands_then ? "hands then" : "hands now",
      o.settings.exact_model ? ", the exact model" : "", o.settings.take_threshold,
      o.settings.temperature, o.settings.discard_temperature);
  std::printf("share of the read cards they hold:  read %.4f, dealt alike %.4f\n", mean(read),
              mean(random));
  std::printf("read - alike: %+.4f, 95%% CI [%+.4f, %+.4f] (per deal); read / alike %.3f\n",
              mean(gain), mean(gain) - margin(gain), mean(gain) + margin(gain),
              mean(random) > 0 ? mean(read) / mean(random) : 0.0);
  if (o.reply_hands > 0) {
    std::vector<double> all, eleven, reading;
    for (const auto& d : deals) {
      reading.insert(reading.end(), d.ms_read.begin(), d.ms_read.end());
      all.insert(all.end(), d.ms.begin(), d.ms.end());
      eleven.insert(eleven.end(), d.ms_round_11.begin(), d.ms_round_11.end());
    }
    print_times("readreply decision, all rounds", all);
    print_times("readreply decision, round 11", eleven);
    print_times("the reading alone, all rounds", reading);
  }
  if (o.fit) {
    std::vector<TrueMove> all;
    for (const auto& d : deals) all.insert(all.end(), d.moves.begin(), d.moves.end());
    fit_model(all);
  }
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "bench_reading: %s\n", e.what());
  return 1;
}
