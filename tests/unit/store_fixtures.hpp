#pragma once
// Games for store tests: started and played in their own committed transactions, failing the
// test (REQUIRE) if the store refuses.

#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "store/db.hpp"
#include "store/games.hpp"
#include "store/migrations.hpp"
#include "store/rounds.hpp"

namespace crowns::test {

/// A seat's plain score: `points`, not gone out.
inline store::SeatScore pts(int seat, int points) {
  return {seat, ScoreEntry{points, false, {}, std::nullopt}};
}
/// The seat that went out (0 points).
inline store::SeatScore out(int seat) {
  return {seat, ScoreEntry{0, true, {}, std::nullopt}};
}

/// A game of `names` on 2026-01-15, players added as needed, the first seat dealing.
inline store::Game new_game(store::Database& db, std::vector<std::string> names) {
  store::Transaction tx(db);
  auto game = store::create_game(
      db, {.players = std::move(names), .date = "2026-01-15", .add_unknown = true});
  REQUIRE(game.ok());
  tx.commit();
  return *game;
}

/// Records the next round and returns the game after it.
inline store::Game play_round(store::Database& db, const store::Game& game,
                              const std::vector<store::SeatScore>& scores) {
  store::Transaction tx(db);
  auto change = store::insert_round(db, game, scores);
  REQUIRE(change.ok());
  tx.commit();
  return *change->game;
}

/// Plays every round left of `game`, seat 0 going out and the others 5 each; the game after.
inline store::Game play_out(store::Database& db, store::Game game) {
  while (game.next_round()) {
    std::vector<store::SeatScore> cells{out(0)};
    for (int s = 1; s < static_cast<int>(game.seats.size()); ++s) cells.push_back(pts(s, 5));
    game = play_round(db, game, cells);
  }
  return game;
}

/// The first column of the first row `sql` gives (a count, a sum, an id).
inline std::int64_t scalar(const store::Database& db, const std::string& sql) {
  auto stmt = db.prepare(sql);
  REQUIRE(stmt.step());
  return stmt.int64(0);
}

/// How many rows `table` holds.
inline std::int64_t rows(const store::Database& db, const std::string& table) {
  return scalar(db, "SELECT count(*) FROM " + table);
}

/// A new database file at `path` as crowns left it at schema `version`: the migrations up to
/// it applied and user_version set, opened raw (open_database would migrate it further), for
/// the caller to fill with the rows of that time.
inline store::Database database_at_schema(const std::string& path, int version) {
  store::Database raw = store::Database::open(path);
  for (const auto& m : store::migrations()) {
    if (m.version > version) break;
    raw.exec(m.sql);
  }
  raw.exec("PRAGMA user_version = " + std::to_string(version));
  return raw;
}

}  // namespace crowns::test
