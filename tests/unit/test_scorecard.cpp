// The scorecard rendered into a string stream: title, rounds with running totals, outlook.

#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/views/scorecard_text.hpp"

using namespace crowns;
using namespace crowns::cli;

namespace {

store::Game two_player_game(int rounds) {
  store::Game game;
  game.id = 4;
  game.date = "2026-01-15";
  game.seats = {{0, 1, "Ann", std::nullopt}, {1, 2, "Bob", std::nullopt}};
  for (int r = 1; r <= rounds; ++r) {
    // Ann goes out in odd rounds, Bob in even ones; the other keeps r points.
    const bool ann_out = r % 2 == 1;
    game.rounds.push_back({r, {{ann_out ? 0 : r, ann_out, {}}, {ann_out ? r : 0, !ann_out, {}}}});
  }
  return game;
}

std::vector<std::string> lines_of(const store::Game& game) {
  std::ostringstream out;
  print_scorecard(out, Style{}, game);
  std::istringstream in(out.str());
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

TEST_CASE("an active game's scorecard: title, rounds, totals and the next round", "[scorecard]") {
  const auto lines = lines_of(two_player_game(2));
  REQUIRE(lines.size() >= 5);
  CHECK(lines[0] == "Game 4 · 2026-01-15 · Ann, Bob · active, 2 of 11 rounds");
  CHECK(lines[1].rfind("Rd Cd Wild Dealer", 0) == 0);
  CHECK(lines[1].find("Ann") != std::string::npos);
  // Round 1: 3 cards, 3s wild; Ann went out (0*), Bob kept 1; running totals 0 and 1.
  CHECK(lines[2].rfind(" 1  3 3s", 0) == 0);
  CHECK(lines[2].find(" 0*   0 ") != std::string::npos);
  // Round 2: Bob out, Ann keeps 2: totals 2 and 1.
  CHECK(lines[3].rfind(" 2  4 4s", 0) == 0);
  CHECK(lines[4].rfind("Total", 0) == 0);
  CHECK(lines.back() == "Round 3/11 · 5 cards · 5s wild · Ann deals · Bob starts");
}

TEST_CASE("a finished game's scorecard names the winner", "[scorecard]") {
  store::Game game = two_player_game(11);
  game.status = store::GameStatus::Finished;
  const auto lines = lines_of(game);
  CHECK(lines[0] == "Game 4 · 2026-01-15 · Ann, Bob · finished, 11 of 11 rounds");
  // Ann keeps the even rounds' 2+4+...+10 = 30, Bob the odd ones' 1+3+...+11 = 36.
  CHECK(lines.back() == "Winner: Ann with 30");
}

TEST_CASE("a new game's scorecard is its title and round 1", "[scorecard]") {
  store::Game game = two_player_game(0);
  game.note = "at Cat's";
  const auto lines = lines_of(game);
  REQUIRE(lines.size() == 3);
  CHECK(lines[1] == "Note: at Cat's");
  CHECK(lines[2] == "Round 1/11 · 3 cards · 3s wild · Ann deals · Bob starts");
}
