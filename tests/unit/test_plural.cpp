#include <catch2/catch.hpp>

#include "crowns/plural.hpp"

using crowns::counted;

TEST_CASE("counted: a count of one is singular, every other count plural") {
  CHECK(counted(1, "game") == "1 game");
  CHECK(counted(0, "game") == "0 games");
  CHECK(counted(2, "round") == "2 rounds");
  CHECK(counted(-1, "point") == "-1 points");
  CHECK(counted(1, "box", "boxes") == "1 box");
  CHECK(counted(2, "box", "boxes") == "2 boxes");
}
