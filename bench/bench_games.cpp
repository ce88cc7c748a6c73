// Fills a database with games for the benchmarks, through the store's own API, so the rows
// are exactly what `crowns new` and `crowns round` write.
// Usage: bench_games scorekeeping|stats DB [GAMES]   (default 10,000 games)
//   scorekeeping  24 players, dates in 2025, the last game left unfinished at round 5 so
//                 `crowns round` has somewhere to go (bench/store_bench.sh)
//   stats         30 players, dates spread over 2024-2026 in order, every 97th game
//                 abandoned after 4 rounds (bench/stats_bench.sh)

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/rules.hpp"
#include "store/db.hpp"
#include "store/games.hpp"
#include "store/players.hpp"
#include "store/rounds.hpp"

using namespace crowns;
using namespace crowns::store;

namespace {

struct Mode {
  int players;
  unsigned seed;
  bool stats;
};

std::string game_date(const Mode& mode, int g, int games) {
  char date[11];
  if (mode.stats) {
    const int day = g * 1000 / games;  // ~1000 days, in order
    std::snprintf(date, sizeof date, "%04d-%02d-%02d", 2024 + day / 336, 1 + (day % 336) / 28,
                  1 + day % 28);
  } else {
    std::snprintf(date, sizeof date, "2025-%02d-1%d", g % 12 + 1, g % 9);
  }
  return date;
}

// How many rounds game g gets: 11, except the unfinished or abandoned ones.
int rounds_of(const Mode& mode, int g, int games) {
  if (mode.stats) return g % 97 == 0 ? 4 : kRounds;
  return g + 1 == games ? 5 : kRounds;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string_view name = argc > 1 ? argv[1] : "";
  if (argc < 3 || (name != "scorekeeping" && name != "stats")) {
    std::fprintf(stderr, "usage: bench_games scorekeeping|stats DB [GAMES]\n");
    return 2;
  }
  const Mode mode = name == "stats" ? Mode{30, 4, true} : Mode{24, 2026, false};
  const int games = argc > 3 ? std::stoi(argv[3]) : 10000;
  const auto start = std::chrono::steady_clock::now();
  Database db = open_database(argv[2]);
  std::mt19937 rng(mode.seed);
  std::vector<std::string> pool;
  {
    Transaction tx(db);
    for (int i = 0; i < mode.players; ++i) {
      pool.push_back("Player" + std::to_string(i + 1));
      if (!add_player(db, pool.back())) return 1;
    }
    tx.commit();
  }
  constexpr int kBatch = 500;
  for (int first = 0; first < games; first += kBatch) {
    Transaction tx(db);
    for (int g = first; g < games && g < first + kBatch; ++g) {
      std::shuffle(pool.begin(), pool.end(), rng);
      const int players = 2 + static_cast<int>(rng() % 6);
      const NewGame spec{.players = {pool.begin(), pool.begin() + players},
                         .boxes = 1,
                         .date = game_date(mode, g, games)};
      auto game = create_game(db, spec);
      if (!game) return 1;
      const int rounds = rounds_of(mode, g, games);
      for (int r = 1; r <= rounds; ++r) {
        std::vector<SeatScore> scores;
        const int out = static_cast<int>(rng() % static_cast<unsigned>(players));
        for (int s = 0; s < players; ++s) {
          const int points = s == out ? 0 : 3 + static_cast<int>(rng() % 60);
          scores.push_back({s, ScoreEntry{points, s == out, {}, std::nullopt}});
        }
        auto next = insert_round(db, *game, scores);
        if (!next) return 1;
        game = *next->game;
      }
      if (mode.stats && rounds < kRounds && !abandon_game(db, *game)) return 1;
    }
    tx.commit();
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%d games written to %s in %.1f s\n", games, argv[2], seconds);
  return 0;
}
