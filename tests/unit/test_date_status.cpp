// The small rules in core: dates, the status words.

#include <catch2/catch.hpp>

#include "crowns/date.hpp"
#include "crowns/game_status.hpp"

using namespace crowns;

TEST_CASE("is_valid_date: YYYY-MM-DD, real days only", "[rules]") {
  for (const char* date : {"2026-01-15", "2024-02-29", "2000-02-29", "1999-12-31", "0001-01-01"}) {
    INFO(date);
    CHECK(is_valid_date(date));
  }
  for (const char* date : {"2026-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10",
                           "2026-01-00", "2026-1-15", "2026/01/15", "20260115", "2026-01-15 ", "",
                           "yesterday", "2026-0a-15", "+026-01-15"}) {
    INFO(date);
    CHECK_FALSE(is_valid_date(date));
  }
}

TEST_CASE("status words: each status has one word, and reads back", "[rules]") {
  for (const auto status : {GameStatus::Active, GameStatus::Finished, GameStatus::Abandoned}) {
    CHECK(parse_game_status(status_name(status)) == status);
  }
  CHECK(status_name(GameStatus::Finished) == "finished");
  CHECK_FALSE(parse_game_status("Finished"));
  CHECK_FALSE(parse_game_status("done"));
  CHECK_FALSE(parse_game_status(""));
}
