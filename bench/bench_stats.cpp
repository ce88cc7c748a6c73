// Fills a database for the statistics benchmark (bench/stats_bench.sh): 30 players,
// 2-7 per game, dates spread over 2024-2026, a few abandoned games and ties.
// Usage: bench_stats DB [GAMES]   (default 10,000 games)
// Goes through the store's own API, so the rows are exactly what `crowns round` writes.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "crowns/rules.hpp"
#include "store/db.hpp"
#include "store/games.hpp"
#include "store/players.hpp"
#include "store/rounds.hpp"

using namespace crowns;
using namespace crowns::store;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_stats DB [GAMES]\n");
    return 2;
  }
  const int games = argc > 2 ? std::stoi(argv[2]) : 10000;
  const auto start = std::chrono::steady_clock::now();
  const Database db = open_database(argv[1]);
  std::mt19937 rng(4);
  std::vector<std::string> pool;
  {
    Transaction tx(db);
    for (int i = 0; i < 30; ++i) {
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
      const int day = g * 1000 / games;  // ~1000 days, in order
      const int year = 2024 + day / 336;
      const int month = 1 + (day % 336) / 28;
      const int dom = 1 + day % 28;
      char date[11];
      std::snprintf(date, sizeof date, "%04d-%02d-%02d", year, month, dom);
      NewGame spec{{pool.begin(), pool.begin() + players}, std::nullopt, 1, date, std::nullopt, false};
      auto game = create_game(db, spec);
      if (!game) return 1;
      const bool abandon = g % 97 == 0;
      const int rounds = abandon ? 4 : kRounds;
      for (int r = 1; r <= rounds; ++r) {
        std::vector<SeatScore> scores;
        const int out = static_cast<int>(rng() % static_cast<unsigned>(players));
        for (int s = 0; s < players; ++s) {
          const int points = s == out ? 0 : 3 + static_cast<int>(rng() % 60);
          scores.push_back({s, ScoreEntry{points, s == out, {}, std::nullopt}});
        }
        auto next = record_round(db, *game, scores);
        if (!next) return 1;
        game = std::move(next);
      }
      if (abandon && !abandon_game(db, *game)) return 1;
    }
    tx.commit();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%d games written to %s in %.1f s\n", games, argv[1], seconds);
  return 0;
}
