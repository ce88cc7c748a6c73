// The order games were played in (store/played_order.hpp) is read two ways: SQL's ORDER BY
// kPlayedOrder (store::in_played_order) and load_results' sort in C++, which every rating, form
// and record follows. On random dates, starts known and unknown, and uuids, both give one order.

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "store/db.hpp"
#include "store/games.hpp"
#include "store/history.hpp"
#include "store_fixtures.hpp"
#include "temp_db.hpp"

using namespace crowns;

namespace {

// Plays `game` to its end, seat 0 going out every round.
void played_to_end(store::Database& db, store::Game game) {
  while (game.next_round()) game = test::play_round(db, game, {test::out(0), test::pts(1, 7)});
}

std::string drawn_uuid(std::mt19937& rng) {
  static constexpr char kHex[] = "0123456789abcdef";
  // Few first digits, so that uuids share their start and the comparison goes past it.
  std::string uuid = std::string(1, "0a9f"[rng() % 4]);
  for (int i = 1; i < 32; ++i) uuid += kHex[rng() % 16];
  return uuid.substr(0, 8) + "-" + uuid.substr(8, 4) + "-" + uuid.substr(12, 4) + "-" +
         uuid.substr(16, 4) + "-" + uuid.substr(20);
}

}  // namespace

TEST_CASE("load_results orders games as in_played_order does", "[played_order]") {
  for (const unsigned seed : {1U, 2U, 3U, 4U}) {
    CAPTURE(seed);
    test::TempDir dir;
    auto db = store::open_database(dir.file("crowns.db"), store::Access::Write);
    std::mt19937 rng(seed);
    std::vector<std::int64_t> ids;
    for (int i = 0; i < 24; ++i) {
      auto game = test::new_game(db, {"Ann", "Bob"});
      played_to_end(db, game);
      ids.push_back(game.id);
      // Three dates; a start known from the form a file writes (with T), known from the
      // game's "new" entry, or unknown (no entry, plain form); three start times, so that
      // date and start often tie and the uuid decides.
      const std::string date = "2026-01-1" + std::to_string(rng() % 3);
      char when[32];
      std::snprintf(when, sizeof when, "%s%c19:0%u:00%s", date.c_str(), rng() % 2 ? 'T' : ' ',
                    static_cast<unsigned>(rng() % 3), rng() % 2 ? "Z" : "");
      db.prepare("UPDATE games SET played_on = ?, created_at = ?, uuid = ? WHERE id = ?")
          .bind_all(date, std::string(when), drawn_uuid(rng), game.id)
          .run();
      if (rng() % 3 == 0) {
        db.prepare("DELETE FROM audit WHERE game_id = ? AND action = 'new'")
            .bind_all(game.id)
            .run();
      }
    }
    const auto results = store::load_results(db, {std::nullopt, std::nullopt, std::nullopt});
    std::vector<std::int64_t> loaded;
    loaded.reserve(results.size());
    for (const auto& game : results) loaded.push_back(game.id);
    CHECK(loaded == store::in_played_order(db, ids));
    // The order is not merely the games' numbers (the dates and uuids were drawn at random).
    CHECK_FALSE(std::is_sorted(loaded.begin(), loaded.end()));
    // Each game's seats come in seat order, with their totals.
    for (const auto& game : results) {
      REQUIRE(game.seats.size() == 2);
      CHECK(game.seats[0].total == 0);
      CHECK(game.seats[1].total == 77);
    }
  }
}
