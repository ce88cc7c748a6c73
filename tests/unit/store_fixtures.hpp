#pragma once
// Games for store tests: started and played in their own committed transactions, failing the
// test (REQUIRE) if the store refuses.

#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "store/games.hpp"
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

}  // namespace crowns::test
