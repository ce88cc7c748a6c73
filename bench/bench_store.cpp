// Fills a database with finished games for the scorekeeping benchmark (bench/store_bench.sh).
// Usage: bench_store DB [GAMES]   (default 10,000 games; the last one left unfinished)
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
    std::fprintf(stderr, "usage: bench_store DB [GAMES]\n");
    return 2;
  }
  const int games = argc > 2 ? std::stoi(argv[2]) : 10000;
  const auto start = std::chrono::steady_clock::now();
  const Database db = open_database(argv[1]);
  std::mt19937 rng(2026);
  std::vector<std::string> pool;
  {
    Transaction tx(db);
    for (int i = 0; i < 24; ++i) {
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
      NewGame spec{{pool.begin(), pool.begin() + players}, std::nullopt, 1,
                   "2025-" + std::string(g % 12 < 9 ? "0" : "") + std::to_string(g % 12 + 1) + "-1" +
                       std::to_string(g % 9),
                   std::nullopt, false};
      auto game = create_game(db, spec);
      if (!game) return 1;
      // The very last game stays unfinished, so `crowns round` has somewhere to go.
      const int rounds = g + 1 == games ? 5 : kRounds;
      for (int r = 1; r <= rounds; ++r) {
        std::vector<SeatScore> scores;
        const int out = static_cast<int>(rng() % static_cast<unsigned>(players));
        for (int s = 0; s < players; ++s) {
          scores.push_back({s, ScoreEntry{s == out ? 0 : 3 + static_cast<int>(rng() % 60), s == out, {}, std::nullopt}});
        }
        auto next = record_round(db, *game, scores);
        if (!next) return 1;
        game = std::move(next);
      }
    }
    tx.commit();
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%d games written to %s in %.1f s\n", games, argv[1], seconds);
  return 0;
}
