// Self-play harness: the advisor against the greedy baseline (or any two strategies: advisor,
// greedy, ev, oneply) in the duplicate format. Usage in docs/ADVICE.md:
//   bench_selfplay [--a advisor] [--b greedy] [--players 2] [--deals 2000] [--seed 1]
//                  [--jobs 2] [--boxes 1] [--rounds 11] [--csv]
// --rounds N plays rounds 1..N of each game only (quick tuning runs); --csv prints one line per
// deal on stdout (and the summary on stderr); --first N plays deals N.. of the seed (a long
// match in pieces: the pieces' --csv lines together are the whole match's).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "crowns/selfplay.hpp"
#include "match.hpp"

namespace {

struct Options : crowns::bench::Match {
  int boxes = 1;
  int rounds = crowns::kRounds;
  bool csv = false;
  int first = 0;  // --first N: play deals N .. N+deals-1 of the seed (a long match in pieces)
};

[[noreturn]] void usage(const std::string& message) {
  std::fprintf(stderr, "bench_selfplay: %s\n", message.c_str());
  std::fprintf(
      stderr,
      "usage: bench_selfplay [--a STRATEGY] [--b STRATEGY] [--players N] "
      "[--deals N] [--seed N] [--first N] [--jobs N] [--boxes 1|2] [--rounds 1-11] [--csv]\n"
      "       [--hazard SCALE] [--gain G] [--feed POINTS] [--rollouts "
      "SAMPLES[,CANDIDATES[,MARGIN[,greedy]]]]\n"
      "       [--read-then 0|1] [--read-hands N] [--read-temperature T] [--read-threshold F]\n"
      "       [--read-discard-temperature T] [--reply-hands N] [--reply-margin POINTS]   "
      "(readreply)\n"
      "       [--sight Q]   (sightreply: the accuracy of its hands, 0..1)\n"
      "       [--read-feed-charge POINTS]   (readfeed; and the --read-* options)\n"
      "strategies: advisor, greedy, ev (expected-value player), oneply (one-ply "
      "look-ahead), static (the advisor without rollouts), oracle (static that sees\n"
      "the next player's hand and never feeds them out: a measuring stick), reply (static that\n"
      "sees the next player's hand and weighs their reply to its best discards), blindreply\n"
      "(the same over 4 hands dealt from the unseen cards: no sight, no reading), readreply\n"
      "(the same over 4 hands read from the next player's moves: crowns::reading), sightreply\n"
      "(the same over 4 hands built from the true hand with accuracy --sight: a measuring "
      "stick)\n");
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--csv") {
      o.csv = true;
      continue;
    }
    if (i + 1 >= argc) usage("missing value after " + std::string(arg));
    const std::string value = argv[++i];
    if (crowns::bench::parse_match_option(arg, value, o, usage)) continue;
    if (arg == "--boxes") {
      o.boxes = std::stoi(value);
    } else if (arg == "--rollouts") {
      // SAMPLES[,CANDIDATES[,MARGIN]]: the advisor's rollout settings.
      auto& r = crowns::selfplay::advisor_settings();
      r.samples = std::stoi(value);
      if (const auto c = value.find(','); c != std::string::npos) {
        r.candidates = std::stoi(value.substr(c + 1));
        if (const auto m = value.find(',', c + 1); m != std::string::npos) {
          r.margin = std::stod(value.substr(m + 1));
          if (const auto g = value.find(",greedy", m); g != std::string::npos) r.own_policy = false;
        }
      }
    } else if (arg == "--hazard") {
      crowns::selfplay::advisor_settings().hazard_scale = std::stod(value);
    } else if (arg == "--feed") {
      crowns::selfplay::advisor_settings().feed_charge = std::stod(value);
    } else if (arg == "--gain") {
      crowns::selfplay::advisor_settings().gain = std::stod(value);
    } else if (arg == "--read-then") {
      crowns::selfplay::read_reply_settings().reading.hands_then = value != "0";
    } else if (arg == "--read-hands") {
      crowns::selfplay::read_reply_settings().reading.hands = std::max(1, std::stoi(value));
    } else if (arg == "--read-temperature") {
      crowns::selfplay::read_reply_settings().reading.temperature = std::stod(value);
    } else if (arg == "--read-threshold") {
      crowns::selfplay::read_reply_settings().reading.take_threshold = std::stod(value);
    } else if (arg == "--read-discard-temperature") {
      crowns::selfplay::read_reply_settings().reading.discard_temperature = std::stod(value);
    } else if (arg == "--reply-margin") {
      crowns::selfplay::read_reply_settings().margin = std::stod(value);
    } else if (arg == "--sight") {
      double q = -1;
      try {
        q = std::stod(value);
      } catch (const std::exception&) {
      }
      if (!(q >= 0 && q <= 1))
        usage("--sight " + value + ": must be a number from 0 to 1, e.g. --sight 0.25");
      crowns::selfplay::read_reply_settings().sight = q;
    } else if (arg == "--read-feed-charge") {
      crowns::selfplay::read_reply_settings().feed_charge = std::stod(value);
    } else if (arg == "--reply-hands") {
      crowns::selfplay::read_reply_settings().hands = std::max(1, std::stoi(value));
    } else if (arg == "--first") {
      o.first = std::stoi(value);
    } else if (arg == "--rounds") {
      o.rounds = std::stoi(value);
    } else {
      usage("unknown option " + std::string(arg));
    }
  }
  if (o.players < 2 || o.players > 7 * o.boxes) usage("--players out of range");
  if (o.first < 0) usage("--first must be 0 or more");
  if (o.rounds < 1 || o.rounds > crowns::kRounds) usage("--rounds out of range (1-11)");
  return o;
}

}  // namespace

int main(int argc, char** argv) try {
  const Options o = parse(argc, argv);
  std::vector<crowns::selfplay::DuplicateDeal> deals(static_cast<std::size_t>(o.deals));
  std::vector<std::uint64_t> seeds(static_cast<std::size_t>(o.deals));
  std::atomic<int> next{0};
  const auto start = std::chrono::steady_clock::now();
  auto worker = [&] {
    for (int i = next++; i < o.deals; i = next++) {
      const auto slot = static_cast<std::size_t>(i);
      seeds[slot] = crowns::bench::deal_seed(o.seed, o.first + i);
      deals[slot] = crowns::selfplay::play_duplicate(seeds[slot], o.players, o.a, o.b, o.boxes,
                                                     crowns::MeldRules{}, o.rounds);
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(o.jobs));
  for (int j = 0; j < o.jobs; ++j) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto m = crowns::selfplay::summarize(deals);
  const auto a = crowns::selfplay::strategy_name(o.a);
  const auto b = crowns::selfplay::strategy_name(o.b);
  if (o.csv) {
    // One line per deal: its seed, both sides' mean game score over the seatings, B - A, and
    // A's win share.
    std::printf("deal,seed,a_mean,b_mean,difference,a_win_share\n");
    for (std::size_t i = 0; i < deals.size(); ++i) {
      const auto one = crowns::selfplay::summarize(std::span(&deals[i], 1));
      std::printf("%zu,%llu,%.3f,%.3f,%.3f,%.3f\n", i + static_cast<std::size_t>(o.first),
                  static_cast<unsigned long long>(seeds[i]), one.a_mean, one.b_mean, one.difference,
                  one.a_win_share);
    }
  }
  FILE* summary = o.csv ? stderr : stdout;
  std::fprintf(summary, "%d players, %d deals x %d seatings (duplicate), seed %llu, %d box(es)",
               o.players, m.deals, o.players, static_cast<unsigned long long>(o.seed), o.boxes);
  if (o.rounds < crowns::kRounds) std::fprintf(summary, ", rounds 1-%d only", o.rounds);
  const auto& r = crowns::selfplay::advisor_settings();
  std::fprintf(summary, ", advisor hazard x%g gain %g feed %g rollouts %d,%d,%g%s", r.hazard_scale,
               r.gain, r.feed_charge, r.samples, r.candidates, r.margin,
               r.own_policy ? "" : ",greedy");
  if (o.a == crowns::selfplay::Strategy::ReadFeed || o.b == crowns::selfplay::Strategy::ReadFeed) {
    const auto& rr = crowns::selfplay::read_reply_settings();
    std::fprintf(summary,
                 ", readfeed charge %g over %d hands, %s, take threshold %g temperature %g discard "
                 "temperature %g",
                 rr.feed_charge, rr.reading.hands,
                 rr.reading.hands_then ? "hands then" : "hands now", rr.reading.take_threshold,
                 rr.reading.temperature, rr.reading.discard_temperature);
  }
  if (o.a == crowns::selfplay::Strategy::ReadReply ||
      o.b == crowns::selfplay::Strategy::ReadReply) {
    const auto& rr = crowns::selfplay::read_reply_settings();
    std::fprintf(summary,
                 ", readreply %d of %d hands, margin %g, %s, take threshold %g temperature %g "
                 "discard temperature %g",
                 rr.hands, rr.margin, rr.reading.hands,
                 rr.reading.hands_then ? "hands then" : "hands now", rr.reading.take_threshold,
                 rr.reading.temperature, rr.reading.discard_temperature);
  }
  if (o.a == crowns::selfplay::Strategy::SightReply ||
      o.b == crowns::selfplay::Strategy::SightReply) {
    const auto& rr = crowns::selfplay::read_reply_settings();
    std::fprintf(summary, ", sightreply %d hands of sight %g", rr.hands, rr.sight);
  }
  std::fprintf(summary, "\n");
  std::fprintf(summary, "mean game score  %-8.*s %7.2f\n", static_cast<int>(a.size()), a.data(),
               m.a_mean);
  std::fprintf(summary, "mean game score  %-8.*s %7.2f\n", static_cast<int>(b.size()), b.data(),
               m.b_mean);
  std::fprintf(summary, "%.*s - %.*s: %+.2f points a game, 95%% CI [%+.2f, %+.2f]\n",
               static_cast<int>(b.size()), b.data(), static_cast<int>(a.size()), a.data(),
               m.difference, m.difference - m.margin, m.difference + m.margin);
  std::fprintf(summary, "%.*s win share %.1f%% (ties shared; an even share is %.1f%%)\n",
               static_cast<int>(a.size()), a.data(), 100 * m.a_win_share, 100.0 / o.players);
  std::fprintf(summary, "%.1f s wall, %d jobs\n", seconds, o.jobs);
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "bench_selfplay: %s\n", e.what());
  return 1;
}
